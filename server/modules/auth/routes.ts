import type { FastifyInstance } from 'fastify';
import { authLogin, authLogout, authRefreshToken, authRegister, authSendCode, authVerifyCode } from '@/shared/contract/auth';
import { route } from '../../http/route';
import { sessionDevice } from './device';
import type { AuthService } from './service';
import type { TelegramInitData } from './telegram';

export const registerAuthRoutes = (app: FastifyInstance, auth: AuthService, telegram: TelegramInitData, trustProxyCountry = false): void => {
  const device = (request: Parameters<typeof sessionDevice>[0]) => sessionDevice(request, trustProxyCountry);
  route(app, authSendCode, ({ body, request }) => auth.sendCode(body.email, body.purpose, request.ip));
  // Init data is checked before the code, so forged launch data never burns a code attempt.
  route(app, authRegister, ({ body, request }) => auth.register(body, telegram.optionalUser(request), device(request)));
  route(app, authVerifyCode, ({ body, request }) => auth.verifyCode(body.email, body.code, telegram.optionalUser(request), device(request)));
  route(app, authLogin, ({ request }) => auth.loginWithTelegram(telegram.user(request), device(request)));
  route(app, authRefreshToken, ({ body, request }) => auth.refresh(body.refreshToken, device(request)));
  route(app, authLogout, async ({ body }) => {
    await auth.logout(body.refreshToken);
    return { signedOut: true as const };
  });
};
