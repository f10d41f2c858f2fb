#!/usr/bin/env bash
# Gives every SFTP supplier the ingestion service has registered its own system account, jailed by
# sshd in the supplier's folder (sshd_config.drop beside this file). Run as root on the SFTP server
# each time the keys directory changes (sv-drop-provision.path and .service beside this file; the
# test harness and `npm start` run it the same way). Idempotent: a second run changes nothing.
#
#   provision-suppliers.sh <keys dir> <drop root> <poller group> <suppliers group>
#
# Ingestion writes one file per supplier into the keys directory, named after the account
# (`drop-…`): a `# sv-folder: <folder>` line and the supplier's `restrict ssh-ed25519 …` key.
# For each, this makes
#   - the account: a system account in <suppliers group>, no shell, no usable password, its home
#     <drop root>/<folder> (sshd's ChrootDirectory %h);
#   - <drop root>/<folder>: root's, 0755, as sshd demands of a jail;
#   - incoming/ processing/ done/ failed/ inside: the supplier's, group <poller group>, 2770 (the
#     poller reads and moves what the supplier uploads through the group; setgid keeps new files
#     and folders in it). incoming/ comes last: ingestion takes its presence as "ready".
set -euo pipefail

[ $# -eq 4 ] || { echo "usage: $0 <keys dir> <drop root> <poller group> <suppliers group>" >&2; exit 2; }
keys_dir=$1 drop_root=$2 poller_group=$3 suppliers_group=$4

ACCOUNT='^drop-[a-z0-9-]{1,27}$'
FOLDER='^[a-z0-9][a-z0-9-]{0,199}$'

# useradd and groupadd refuse while another process holds the lock on /etc/passwd or /etc/group.
retry() {
  local attempt
  for attempt in 1 2 3 4 5 6 7 8 9 10; do
    "$@" && return 0
    sleep 0.3
  done
  return 1
}

getent group "$suppliers_group" >/dev/null || retry groupadd --system "$suppliers_group" || getent group "$suppliers_group" >/dev/null
# Every component of a jail's path must be root's and writable by no one else; the poller only
# needs to pass through, so the root's listing is closed.
install -d -o root -g root -m 0711 "$drop_root"

shopt -s nullglob
for key_file in "$keys_dir"/drop-*; do
  account=$(basename "$key_file")
  [[ $account =~ $ACCOUNT ]] || continue
  folder=$(sed -n 's/^# sv-folder: //p' "$key_file" | head -n1)
  if ! [[ $folder =~ $FOLDER ]]; then
    echo "provision-suppliers: $key_file has no valid '# sv-folder:' line; skipped" >&2
    continue
  fi
  home="$drop_root/$folder"
  # The folder first: an account is never without its home, even for a moment.
  install -d -o root -g root -m 0755 "$home"
  if ! id -u "$account" >/dev/null 2>&1; then
    retry useradd --system --no-create-home --home-dir "$home" --shell /usr/sbin/nologin \
      --gid "$suppliers_group" --password NP "$account" || id -u "$account" >/dev/null
  fi
  for sub in processing done failed incoming; do
    install -d -o "$account" -g "$poller_group" -m 2770 "$home/$sub"
  done
done
