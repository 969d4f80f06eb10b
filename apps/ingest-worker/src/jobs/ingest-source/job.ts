import { createIngestSourceHandler, type IngestDeps } from './handler';

/** The ingest queue's `ingest-source` job (its name and payload are the contracts' job map's). */
export const ingestSourceJob = {
  create: (deps: IngestDeps) => createIngestSourceHandler(deps),
};
