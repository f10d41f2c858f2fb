/** Operations the ingestion service answers on its api subject: the route table's names, and the internal ones marked so. */
export const IngestionOperation = {
  json: 'ingestion.json',
  bulk: 'ingestion.bulk',
  ddex: 'ingestion.ddex',
  csv: 'ingestion.csv',
  ddexValidate: 'ingestion.ddex_validate',
  jobsList: 'ingestion.jobs_list',
  jobsGet: 'ingestion.jobs_get',
  /**
   * Internal, no route: the operator command's request to give a supplier tenant its SFTP drop
   * folder and let in the public key the command generated (the private key never leaves the
   * command). A second request for the same tenant replaces the key. Body: SftpSupplierBody;
   * reply: `{supplier}`, a SftpSupplierReply.
   */
  sftpSuppliersRegister: 'sftp_suppliers.register',
} as const;
