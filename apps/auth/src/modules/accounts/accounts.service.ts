import type { Redis } from 'ioredis';
import type { Logger } from '@mnemo/logger';
import { MAIL_DISABLED_MESSAGE, type Mailer } from '@mnemo/mailer';
import { AppError, type TraceCarrier } from '@mnemo/service-kit';
import { revokedSessionKey, type Identity } from '@mnemo/contracts/identity';
import type { AccountsRepository, UserRow } from './accounts.repository';
import type { AttemptCounter } from '@mnemo/service-kit/attempts';
import type { GoogleVerifier } from './google';
import { dummyVerify, hashPassword, newPasswordSchema, verifyPassword } from './passwords';
import { hashCode, hashToken, newResetToken, newVerificationCode, signSessionToken } from './tokens';
import { resetMail, verificationMail } from './mails';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const RESET_TTL_MS = 60 * 60 * 1000;
const RESEND_INTERVAL_SECONDS = 60;

export type AccountsDeps = {
  accounts: AccountsRepository;
  attempts: AttemptCounter;
  mailer: Mailer;
  redis: Redis;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  google?: GoogleVerifier;
  /**
   * Moves an anonymous visitor's spaces, decks and chats to the account (other services' rows),
   * continuing the request's trace.
   */
  claimAnonymous: (anonId: string, userId: string, trace: TraceCarrier | undefined) => Promise<void>;
  config: {
    jwtSecret: string;
    codeSecret: string;
    sessionTtlSeconds: number;
    redisPrefix: string;
    loginFailuresPerAccount: number;
    loginFailuresPerIp: number;
    loginFailureWindowSeconds: number;
  };
};

export type RequestContext = {
  identity: Identity;
  ip: string;
  userAgent?: string;
  /** The request's trace, for the calls it makes to other services (the service's spans are not the active context). */
  trace?: TraceCarrier;
};

export const presentUser = (u: UserRow) => ({ _id: u.id, email: u.email, firstName: u.firstName });

export function createAccountsService(deps: AccountsDeps) {
  const { accounts, attempts, mailer, config, log } = deps;

  async function sendCode(user: UserRow) {
    const code = newVerificationCode();
    await accounts.replaceVerificationCode(user.id, hashCode(code, config.codeSecret), new Date(Date.now() + CODE_TTL_MS));
    await mailer.send(verificationMail(user.email, user.firstName, code));
  }

  /**
   * Mails a new code unless one went out less than RESEND_INTERVAL_SECONDS ago. Every way of asking
   * for a code (registering, registering again, signing in unverified, resend) shares this delay,
   * which with five guesses per code bounds how fast anyone can guess.
   */
  async function sendCodeThrottled(user: UserRow) {
    if (!(await attempts.claimOnce(`resend:${user.id}`, RESEND_INTERVAL_SECONDS))) return false;
    await sendCode(user);
    return true;
  }

  /** Issues a session for a user who just proved who they are, and claims their anonymous work. */
  async function startSession(user: UserRow, ctx: RequestContext) {
    const expiresAt = new Date(Date.now() + config.sessionTtlSeconds * 1000);
    const session = await accounts.createSession(user.id, expiresAt, ctx.userAgent);
    const token = await signSessionToken({ userId: user.id, sessionId: session.id, secret: config.jwtSecret, ttlSeconds: config.sessionTtlSeconds });
    if (ctx.identity.kind === 'anonymous') {
      const anonId = ctx.identity.anonId;
      if (await accounts.claimAnonymous(anonId, user.id)) {
        // The account works without the visitor's earlier decks; a failed move is logged, not fatal.
        await deps.claimAnonymous(anonId, user.id, ctx.trace).catch((err: unknown) => log.error({ err, anonId }, 'could not move anonymous work to the account'));
      }
    }
    return { token, user: presentUser(user) };
  }

  async function denySessions(sessions: { id: string; expiresAt: Date }[]) {
    if (sessions.length === 0) return;
    const multi = deps.redis.multi();
    for (const s of sessions) {
      const ttl = Math.max(1, Math.ceil((s.expiresAt.getTime() - Date.now()) / 1000));
      multi.set(revokedSessionKey(config.redisPrefix, s.id), '1', 'EX', ttl);
    }
    await multi.exec();
  }

  /** Mail-dependent calls are refused before they change anything when this server sends no mail. */
  const requireMail = () => {
    if (!mailer.enabled) throw new AppError('MAIL_DISABLED', MAIL_DISABLED_MESSAGE);
  };

  const tooMany = (seconds: number) =>
    new AppError('RATE_LIMITED', `Too many failed sign-in attempts. Please try again in ${Math.max(1, Math.ceil(seconds / 60))} minutes.`);

  return {
    async register(input: { firstName: string; email: string; password: string }) {
      requireMail();
      const email = input.email.trim();
      const existing = await accounts.findByEmail(email);
      if (existing?.emailVerifiedAt) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists. Please sign in.');
      const answer = (user: UserRow) =>
        ({ success: true as const, email: user.email, userId: user.id, message: 'We sent a 6-digit code to your email.' });
      if (existing) {
        // Registering a pending address again changes nothing about who can sign in: anyone can
        // type any address, so the first password and name stay, and the owner simply gets a fresh
        // code (a lost mail). The new code is issued under the same delay as the resend call, so
        // registering again neither skips the delay nor buys a fresh five guesses; inside the delay
        // the answer is the same and the current code stays the one to use.
        await hashPassword(input.password); // the same work as a first registration: the timing tells nothing
        await sendCodeThrottled(existing);
        return answer(existing);
      }
      const passwordHash = await hashPassword(input.password);
      const user = await accounts.createUser({ email, firstName: input.firstName, passwordHash });
      // The first code starts the resend delay too.
      await sendCodeThrottled(user);
      return answer(user);
    },

    async verifyEmail(input: { userId: string; verificationCode: string }, ctx: RequestContext) {
      const invalid = () => new AppError('CODE_INVALID', 'This code is not valid. Please check it or request a new code.');
      const user = await accounts.findById(input.userId);
      if (!user) throw invalid();
      if (user.emailVerifiedAt) throw new AppError('CODE_INVALID', 'This email is already verified. Please sign in.');
      const code = await accounts.latestVerificationCode(user.id);
      if (!code || code.consumedAt) throw invalid();
      if (code.expiresAt.getTime() < Date.now()) throw new AppError('CODE_EXPIRED', 'This code has expired. Please request a new code.');
      if (code.codeHash !== hashCode(input.verificationCode, config.codeSecret)) {
        const counted = await accounts.countCodeAttempt(code.id);
        if (counted.attempts >= MAX_CODE_ATTEMPTS) {
          await accounts.consumeCode(code.id);
          throw new AppError('CODE_INVALID', 'Too many wrong codes. Please request a new code.');
        }
        throw new AppError('CODE_INVALID', `That code is not right. ${MAX_CODE_ATTEMPTS - counted.attempts} attempts left.`);
      }
      const verified = await accounts.transaction(async (tx) => {
        await accounts.consumeCode(code.id, tx);
        return accounts.updateUser(user.id, { emailVerifiedAt: new Date() }, tx);
      });
      return { success: true as const, ...(await startSession(verified, ctx)) };
    },

    async resendVerification(input: { userId: string }) {
      requireMail();
      const user = await accounts.findById(input.userId);
      if (!user) throw new AppError('NOT_FOUND', 'Account not found');
      if (user.emailVerifiedAt) throw new AppError('BAD_REQUEST', 'This email is already verified. Please sign in.');
      if (!(await sendCodeThrottled(user))) {
        throw new AppError('RATE_LIMITED', 'Please wait a minute before requesting another code.');
      }
      return { success: true as const, message: 'A new code is on its way.' };
    },

    async login(input: { email: string; password: string }, ctx: RequestContext) {
      const accountKey = `login:account:${input.email.trim().toLowerCase()}`;
      const ipKey = `login:ip:${ctx.ip}`;
      const [account, ip] = await Promise.all([attempts.count(accountKey), attempts.count(ipKey)]);
      if (account.count >= config.loginFailuresPerAccount) throw tooMany(account.retryAfterSeconds);
      if (ip.count >= config.loginFailuresPerIp) throw tooMany(ip.retryAfterSeconds);

      const user = await accounts.findByEmail(input.email.trim());
      const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, input.password) : await dummyVerify(input.password);
      if (!user || !ok) {
        await Promise.all([
          attempts.hit(accountKey, config.loginFailureWindowSeconds),
          attempts.hit(ipKey, config.loginFailureWindowSeconds),
        ]);
        throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
      }
      await attempts.reset(accountKey);
      if (!user.emailVerifiedAt) {
        await sendCodeThrottled(user);
        throw new AppError('EMAIL_NOT_VERIFIED', 'Please verify your email first. We sent you a new code.', {
          flags: { userId: user.id },
        });
      }
      const session = await startSession(user, ctx);
      return { success: true as const, token: session.token, ...session.user, user: session.user };
    },

    async google(input: { credential: string }, ctx: RequestContext) {
      if (!deps.google) throw new AppError('NOT_FOUND', 'Google sign-in is not enabled');
      const g = await deps.google(input.credential);
      let user = await accounts.findByGoogleSub(g.sub);
      if (!user) {
        const existing = await accounts.findByEmail(g.email);
        if (existing) {
          // Google proved the address. A password set on a never-verified account was never proven
          // by anyone, so it is dropped rather than left for whoever chose it.
          user = await accounts.updateUser(existing.id, {
            googleSub: g.sub,
            emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
            ...(existing.emailVerifiedAt ? {} : { passwordHash: null }),
          });
        } else {
          user = await accounts.createUser({ email: g.email, firstName: g.firstName, passwordHash: null, googleSub: g.sub, emailVerifiedAt: new Date() });
        }
      }
      const session = await startSession(user, ctx);
      return { success: true as const, token: session.token, ...session.user, user: session.user };
    },

    async me(identity: Identity) {
      if (identity.kind !== 'user') throw new AppError('UNAUTHENTICATED', 'Authentication required');
      const user = await accounts.findById(identity.userId);
      if (!user) throw new AppError('TOKEN_INVALID', 'Session ended', { flags: { shouldClearToken: true } });
      return { success: true as const, user: presentUser(user) };
    },

    async logout(identity: Identity) {
      if (identity.kind !== 'user' || !identity.sessionId) return { success: true as const };
      const session = await accounts.revokeSession(identity.sessionId);
      if (session) await denySessions([session]);
      return { success: true as const };
    },

    /** `publicUrl`: where this caller reaches Mnemo (publicUrlOf); the mailed link opens there. */
    async requestPasswordReset(input: { email: string }, publicUrl: string) {
      requireMail();
      const answer = { success: true as const, message: 'If an account exists for this email, we sent a link to reset the password.' };
      const user = await accounts.findByEmail(input.email.trim());
      // Same answer either way; at most three mails an hour per account.
      if (!user || !(await attempts.hit(`reset:${user.id}`, 3600).then((n) => n <= 3))) return answer;
      const token = newResetToken();
      await accounts.createResetToken(user.id, hashToken(token), new Date(Date.now() + RESET_TTL_MS));
      await mailer.send(resetMail(user.email, user.firstName, `${publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`));
      return answer;
    },

    async validateResetToken(token: string) {
      const row = await accounts.findResetToken(hashToken(token));
      if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) {
        throw new AppError('RESET_TOKEN_INVALID', 'Invalid or expired reset link');
      }
      const user = await accounts.findById(row.userId);
      if (!user) throw new AppError('RESET_TOKEN_INVALID', 'Invalid or expired reset link');
      return { success: true as const, email: user.email, firstName: user.firstName };
    },

    async resetPassword(input: { token: string; password: string }, ctx: RequestContext) {
      const row = await accounts.findResetToken(hashToken(input.token));
      if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) {
        throw new AppError('RESET_TOKEN_INVALID', 'Invalid or expired reset link');
      }
      const passwordHash = await hashPassword(input.password);
      const result = await accounts.transaction(async (tx) => {
        if (!(await accounts.useResetToken(row.id, tx))) return null;
        // Older links (a second request, a mail forwarded somewhere) must not reset it again.
        await accounts.endResetTokens(row.userId, tx);
        const existing = await accounts.findById(row.userId, tx);
        const user = await accounts.updateUser(row.userId, { passwordHash, emailVerifiedAt: existing?.emailVerifiedAt ?? new Date() }, tx);
        const ended = await accounts.revokeAllSessions(row.userId, tx);
        return { user, ended };
      });
      if (!result) throw new AppError('RESET_TOKEN_INVALID', 'Invalid or expired reset link');
      await denySessions(result.ended);
      const session = await startSession(result.user, ctx);
      return { success: true as const, token: session.token, user: { ...session.user, token: session.token } };
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
export { newPasswordSchema };
