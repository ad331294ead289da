import type { FastifyInstance } from 'fastify';
import { authLogin, authLogout, authRefreshToken, authRegister, authSendCode, authVerifyCode } from '@/shared/contract/auth';
import { route } from '../../http/route';
import type { AuthService } from './service';
import type { TelegramInitData } from './telegram';

export const registerAuthRoutes = (app: FastifyInstance, auth: AuthService, telegram: TelegramInitData): void => {
  route(app, authSendCode, ({ body, request }) => auth.sendCode(body.email, body.purpose, request.ip));
  // Init data is checked before the code, so forged launch data never burns a code attempt.
  route(app, authRegister, ({ body, request }) => auth.register(body, telegram.optionalUser(request)));
  route(app, authVerifyCode, ({ body, request }) => auth.verifyCode(body.email, body.code, telegram.optionalUser(request)));
  route(app, authLogin, ({ request }) => auth.loginWithTelegram(telegram.requireUser(request)));
  route(app, authRefreshToken, ({ body }) => auth.refresh(body.refreshToken));
  route(app, authLogout, async ({ body }) => {
    await auth.logout(body.refreshToken);
    return { signedOut: true as const };
  });
};
