import { z } from 'zod';

/** The one environment variable tests read: a real Postgres with pgvector, instead of PGlite. */
export const testEnv = () =>
  z
    .object({ TEST_DATABASE_URL: z.string().optional() })
    .parse({ TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || undefined });
