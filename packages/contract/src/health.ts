import { z } from 'zod';

export const HealthResponse = z.object({
  /** 'ok' with 200; 'unavailable' with 503 while the database does not answer. */
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['sqlite', 'postgres']),
  databaseState: z.enum(['up', 'down']),
  /** The live-event connection (LISTEN on PostgreSQL); boards resync when it comes back. */
  liveEvents: z.enum(['up', 'down']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
