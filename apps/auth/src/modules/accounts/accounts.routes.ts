import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { publicUrlOf, type RoutesPlugin } from '@mnemo/service-kit';
import { newPasswordSchema, type AccountsService, type RequestContext } from './accounts.service';

const email = z.string().trim().max(254, 'Email is too long').pipe(z.email('Please enter a valid email address'));
const firstName = z.string().trim().min(1, 'First name is required').max(100, 'First name is too long');
const uuid = z.uuid('Invalid account id');

const ctx = (request: FastifyRequest): RequestContext => ({
  identity: request.identity,
  // The gateway forwards the browser's address; services are reached only through it.
  ip: String(request.headers['x-forwarded-for'] ?? request.ip).split(',')[0]!.trim(),
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
});

/** Every /auth call of spec 01 §7 plus logout and the Google configuration. */
export const accountsRoutes: RoutesPlugin<{
  service: AccountsService;
  googleClientId: string | null;
  /** PUBLIC_URL, when configured: the mailed reset link opens there rather than where the request came. */
  publicUrl: string | undefined;
}> = async (app, { service, googleClientId, publicUrl }) => {
  app.get('/auth/config', async () => ({ googleClientId }));

  app.post(
    '/auth/register',
    { schema: { body: z.object({ firstName, email, password: newPasswordSchema }) } },
    async (request, reply) => {
      reply.status(201);
      return service.register(request.body);
    },
  );

  app.post(
    '/auth/verify-email',
    { schema: { body: z.object({ userId: uuid, verificationCode: z.string().regex(/^\d{6}$/, 'The code is 6 digits') }) } },
    async (request) => service.verifyEmail(request.body, ctx(request)),
  );

  app.post('/auth/resend-verification', { schema: { body: z.object({ userId: uuid }) } }, async (request) =>
    service.resendVerification(request.body),
  );

  app.post(
    '/auth/login',
    { schema: { body: z.object({ email: z.string().trim().min(1, 'Email is required').max(254), password: z.string().min(1, 'Password is required').max(1024) }) } },
    async (request) => service.login(request.body, ctx(request)),
  );

  app.post('/auth/google', { schema: { body: z.object({ credential: z.string().min(1).max(8192) }) } }, async (request) =>
    service.google(request.body, ctx(request)),
  );

  app.get('/auth/me', async (request) => service.me(request.identity));

  app.post('/auth/logout', async (request) => service.logout(request.identity));

  app.post('/auth/request-password-reset', { schema: { body: z.object({ email }) } }, async (request) =>
    service.requestPasswordReset(request.body, publicUrlOf(request, publicUrl)),
  );

  app.get(
    '/auth/validate-reset-token/:token',
    { schema: { params: z.object({ token: z.string().min(1).max(200) }) } },
    async (request) => service.validateResetToken(request.params.token),
  );

  app.post(
    '/auth/reset-password',
    { schema: { body: z.object({ token: z.string().min(1).max(200), password: newPasswordSchema }) } },
    async (request) => service.resetPassword(request.body, ctx(request)),
  );
};
