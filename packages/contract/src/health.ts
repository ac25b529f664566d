import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
