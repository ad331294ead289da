import { BrowserRouter } from 'react-router-dom';
import { ToastHost } from '@/shared/ui';
import { CONSOLE_BASENAME } from '@/ops/shared/config';
import { ConsoleRoutes } from '../router/routes';

export function ConsoleApp() {
  return (
    <BrowserRouter basename={CONSOLE_BASENAME}>
      <ConsoleRoutes />
      <ToastHost />
    </BrowserRouter>
  );
}
