import { z } from 'zod';

export const componentHealthSchema = z.object({
  status: z.enum(['ok', 'down']),
  latencyMs: z.number().optional(),
  error: z.string().optional(),
});

/** GET /api/healthz on the gateway: the gateway and every service, plus the worker. */
export const systemHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.record(z.string(), componentHealthSchema),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

export const SERVICE_NAMES = ['gateway', 'auth', 'deck', 'chat', 'billing', 'worker'] as const;
