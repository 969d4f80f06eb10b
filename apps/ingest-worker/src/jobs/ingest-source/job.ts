import { ingestSourceJobSchema } from '@mnemo/contracts/jobs';
import { createIngestSourceHandler, type IngestDeps } from './handler';

export const ingestSourceJob = {
  name: 'ingest-source' as const,
  schema: ingestSourceJobSchema,
  create: (deps: IngestDeps) => createIngestSourceHandler(deps),
};
