import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';

/*
 * DDEX's own release-profile rules (compiled Schematron, XSLT 2.0) run by Saxon-HE, as an oracle
 * for tests: the platform's native checks and builders are compared with what DDEX says. The
 * rules are DDEX's licensed files, kept outside the repository; Saxon-HE and a JRE come from
 * Debian (libsaxonhe-java, default-jre-headless), which the bring-up installs.
 */

const run = promisify(execFile);

/** `14/` holds the ERN 3 release profiles 1.4, `21/` the ERN 4 release profiles 2.1. */
export const DDEX_PROFILE_RULES_DIR = process.env.SV_DDEX_PROFILE_RULES_DIR ?? '/work/shared/ddex/profile-rules';
const SAXON_JAR = process.env.SV_SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';
const JAVA = process.env.SV_JAVA ?? 'java';

export type ProfileFindingSeverity = 'fatal' | 'error' | 'warning' | 'information';

/** One failed assertion or successful report in the SVRL one stylesheet wrote for one message. */
export interface ProfileFinding {
  /** The rule number the text cites, `1129-1`; null when it cites none. */
  rule: string | null;
  /** The Schematron pattern the finding belongs to (the last active-pattern before it). */
  pattern: string | null;
  /** The assertion's own id, when the stylesheet gives one. */
  id: string | null;
  /** The role as written: `Fatal Error`, `Conditional Error`, `Warning`, `Information`… */
  role: string;
  /** A conditional role counts as its plain one. */
  severity: ProfileFindingSeverity;
  kind: 'failed-assert' | 'successful-report';
  /** XPath of the element concerned. */
  location: string;
  /** The rule's text, whitespace collapsed. */
  text: string;
  /** The stylesheet that reported it, relative to the rules folder (`21/Audio.xsl`). */
  stylesheet: string;
}

export interface ProfileOracleMessage {
  name: string;
  xml: string;
}

export const severityOfRole = (role: string): ProfileFindingSeverity => {
  const plain = role.replace(/^Conditional\s+/i, '').trim().toLowerCase();
  if (plain === 'fatal error') return 'fatal';
  if (plain === 'error') return 'error';
  if (plain === 'warning') return 'warning';
  return 'information';
};

/** ERN 3's 1.4 identifiers, by the profile the platform follows for each (it sends music only). */
const ERN3_PROFILES: Readonly<Record<string, string>> = {
  'CommonReleaseTypes/14/AudioAlbum': '14/AudioAlbumMusicOnly.xsl',
  // Not a 1.4 identifier (the platform once wrote it): judged by the same rules, whose 1129-1 objects.
  'CommonReleaseTypes/14/AudioAlbumMusicOnly': '14/AudioAlbumMusicOnly.xsl',
  'CommonReleaseTypes/14/AudioSingle': '14/AudioSingle.xsl',
};
/** ERN 4's 2.1 identifiers; every ERN 4 message is also checked against the AVS rules. */
const ERN4_PROFILES: Readonly<Record<string, readonly string[]>> = {
  Audio: ['21/Audio.xsl', '21/ReleaseProfileTrackReleaseRules.xsl'],
  SimpleAudioSingle: ['21/SimpleAudioSingle.xsl'],
};
const ERN4_AVS = '21/release-notification-avs.sch.xsl';

const rootAttribute = (xml: string, name: string): string | null => {
  const root = /<([A-Za-z_][\w.-]*:)?NewReleaseMessage\b([^>]*)>/.exec(xml);
  const value = root ? new RegExp(`\\s${name}="([^"]*)"`).exec(root[2] ?? '') : null;
  return value?.[1] ?? null;
};

/**
 * The stylesheets that judge a message, chosen as DDEX's validator does: by the message's
 * ReleaseProfileVersionId, in the profile family of its ERN major version (from its namespace).
 */
export const profileStylesheetsFor = (xml: string): string[] => {
  const namespace = /xmlns(?::\w+)?="http:\/\/ddex\.net\/xml\/ern\/(\d+)"/.exec(xml)?.[1];
  if (!namespace) throw new Error('Not an ERN NewReleaseMessage: no ERN namespace.');
  const profile = rootAttribute(xml, 'ReleaseProfileVersionId') ?? '';
  if (namespace.startsWith('3')) {
    const sheet = ERN3_PROFILES[profile];
    if (!sheet) throw new Error(`No ERN 3 release profile rules for ReleaseProfileVersionId "${profile}".`);
    return [sheet];
  }
  const sheets = ERN4_PROFILES[profile];
  if (!sheets) throw new Error(`No ERN 4 release profile rules for ReleaseProfileVersionId "${profile}".`);
  return [...sheets, ERN4_AVS];
};

/** Whether the oracle can run here (rules folder, Saxon and the JRE present). */
export const profileOracleProblem = async (): Promise<string | null> => {
  if (!existsSync(join(DDEX_PROFILE_RULES_DIR, '21', 'Audio.xsl'))) return `DDEX profile rules not found in ${DDEX_PROFILE_RULES_DIR} (SV_DDEX_PROFILE_RULES_DIR).`;
  if (!existsSync(SAXON_JAR)) return `Saxon-HE not found at ${SAXON_JAR} (Debian package libsaxonhe-java; SV_SAXON_JAR).`;
  try {
    await run(JAVA, ['-version']);
  } catch {
    return `No Java runtime (${JAVA}); Debian package default-jre-headless.`;
  }
  return null;
};

const svrlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  preserveOrder: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
});

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const textOf = (nodes: unknown): string => {
  if (!Array.isArray(nodes)) return '';
  return nodes
    .map((node: OrderedNode) => {
      if ('#text' in node) return String(node['#text']);
      const [name] = Object.keys(node).filter((key) => key !== ':@');
      return name ? textOf(node[name]) : '';
    })
    .join('');
};

/** The findings of one SVRL document, in document order. */
export const parseSvrl = (svrl: string, stylesheet: string): ProfileFinding[] => {
  const findings: ProfileFinding[] = [];
  const document = svrlParser.parse(svrl) as OrderedNode[];
  const output = document.find((node) => 'schematron-output' in node);
  const children = (output?.['schematron-output'] ?? []) as OrderedNode[];
  let pattern: string | null = null;
  for (const child of children) {
    const attributes = child[':@'] ?? {};
    if ('active-pattern' in child) {
      pattern = attributes['@id'] ?? attributes['@name'] ?? null;
      continue;
    }
    const kind = 'failed-assert' in child ? 'failed-assert' : 'successful-report' in child ? 'successful-report' : null;
    if (!kind) continue;
    const body = (child[kind] ?? []) as OrderedNode[];
    const text = textOf(body.filter((node) => 'text' in node)).replace(/\s+/g, ' ').trim();
    const role = attributes['@role'] ?? attributes['@flag'] ?? '';
    findings.push({
      rule: /Rule (\d+-\d+)/.exec(text)?.[1] ?? null,
      pattern,
      id: attributes['@id'] ?? null,
      role,
      severity: severityOfRole(role),
      kind,
      location: attributes['@location'] ?? '',
      text,
      stylesheet,
    });
  }
  return findings;
};

/**
 * Runs every stylesheet that judges each message and returns the findings by message name.
 * Saxon compiles a stylesheet once per run and transforms a whole folder in that run, so the
 * cost is one JVM per stylesheet, whatever the number of messages.
 */
export const runProfileOracle = async (messages: readonly ProfileOracleMessage[]): Promise<Map<string, ProfileFinding[]>> => {
  const results = new Map<string, ProfileFinding[]>(messages.map((message) => [message.name, []]));
  const bySheet = new Map<string, ProfileOracleMessage[]>();
  for (const message of messages) {
    if (!/^[\w.-]+$/.test(message.name)) throw new Error(`Message name "${message.name}" must be a plain file name.`);
    for (const sheet of profileStylesheetsFor(message.xml)) {
      bySheet.set(sheet, [...(bySheet.get(sheet) ?? []), message]);
    }
  }
  const work = await mkdtemp(join(tmpdir(), 'ddex-profile-'));
  try {
    let n = 0;
    for (const [sheet, sheetMessages] of bySheet) {
      n += 1;
      const input = join(work, `in-${n}`);
      const output = join(work, `out-${n}`);
      await mkdir(input);
      await mkdir(output);
      await Promise.all(sheetMessages.map((message) => writeFile(join(input, `${message.name}.xml`), message.xml)));
      // A run is short: the quick compiler alone roughly halves it.
      const args = ['-XX:TieredStopAtLevel=1', '-cp', SAXON_JAR, 'net.sf.saxon.Transform', `-s:${input}`, `-o:${output}`, `-xsl:${join(DDEX_PROFILE_RULES_DIR, sheet)}`];
      try {
        await run(JAVA, args, { maxBuffer: 16 * 1024 * 1024 });
      } catch (error) {
        const stderr = (error as { stderr?: string }).stderr ?? '';
        throw new Error(`Saxon failed on ${sheet}: ${stderr.slice(0, 2000) || String(error)}`);
      }
      for (const message of sheetMessages) {
        const svrl = await readFile(join(output, `${message.name}.xml`), 'utf8');
        results.get(message.name)?.push(...parseSvrl(svrl, sheet));
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return results;
};
