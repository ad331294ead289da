/**
 * The mock's "Telegram chrome" (only with `tgMockChrome=telegram`, development and tests): what a Telegram client
 * draws around the webview, drawn here as plain DOM so a developer sees it and an e2e test can press it.
 * - a header with the BackButton where Telegram puts it (shown while the app asks for it);
 * - a bottom bar with the MainButton and, from 7.10, the SecondaryButton (text, disabled, progress).
 * Like Telegram, it shrinks the app's viewport instead of covering it: the page gets padding for the header
 * and the bar, and `viewport_changed` reports the smaller height. `--app-bottom-buttons-height` tells fixed
 * layers (toasts) how tall the bar is. Presses emit back_button_pressed / main_button_pressed /
 * secondary_button_pressed, as the client does.
 */

type Reply = (event: string, payload?: unknown) => void;

const HEADER_HEIGHT = 44;
const BUTTON_HEIGHT = 48;
const BAR_PADDING = 10;

interface ButtonState {
  visible: boolean;
  active: boolean;
  progress: boolean;
  text: string;
  color?: string;
  textColor?: string;
}

function css(element: HTMLElement, style: Partial<CSSStyleDeclaration>): void {
  Object.assign(element.style, style);
}

export interface MockChrome {
  /** Handles a bridge call that belongs to the chrome; true when it did. */
  handle(method: string, params: Record<string, unknown>): boolean;
}

export function installMockChrome(reply: Reply): MockChrome {
  const root = document.documentElement;
  const header = document.createElement('div');
  header.setAttribute('role', 'banner');
  header.setAttribute('aria-label', 'Telegram (mock)');
  header.dataset.tgMockChrome = 'header';
  css(header, {
    position: 'fixed',
    top: '0',
    left: '0',
    right: '0',
    height: `${HEADER_HEIGHT}px`,
    zIndex: '2147483000',
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '0 8px',
    boxSizing: 'border-box',
    background: 'var(--tg-theme-header-bg-color, #f1f1f1)',
    borderBottom: '1px dashed var(--tg-theme-hint-color, #999)',
    font: '500 15px system-ui, sans-serif',
    color: 'var(--tg-theme-text-color, #000)',
  });
  const back = document.createElement('button');
  back.type = 'button';
  back.textContent = '‹ Back';
  back.setAttribute('aria-label', 'Telegram Back');
  back.dataset.tgMockButton = 'back';
  css(back, {
    visibility: 'hidden',
    border: '0',
    background: 'transparent',
    color: 'var(--tg-theme-link-color, #2481cc)',
    font: 'inherit',
    cursor: 'pointer',
    padding: '8px',
  });
  back.addEventListener('click', () => reply('back_button_pressed'));
  const label = document.createElement('span');
  label.textContent = 'Telegram (mock)';
  css(label, { marginLeft: 'auto', color: 'var(--tg-theme-hint-color, #999)', fontSize: '12px' });
  // The SettingsButton lives in Telegram's menu of the Mini App; the mock shows it in its header while the app asks.
  const settings = document.createElement('button');
  settings.type = 'button';
  settings.textContent = '⚙ Settings';
  settings.setAttribute('aria-label', 'Telegram Settings');
  settings.dataset.tgMockButton = 'settings';
  css(settings, { display: 'none', border: '0', background: 'transparent', color: 'var(--tg-theme-link-color, #2481cc)', font: 'inherit', cursor: 'pointer', padding: '8px' });
  settings.addEventListener('click', () => reply('settings_button_pressed'));
  header.append(back, label, settings);

  const bar = document.createElement('div');
  bar.setAttribute('role', 'region');
  bar.setAttribute('aria-label', 'Telegram bottom bar (mock)');
  bar.dataset.tgMockChrome = 'bottom-bar';
  css(bar, {
    position: 'fixed',
    left: '0',
    right: '0',
    bottom: '0',
    zIndex: '2147483000',
    display: 'none',
    gap: '8px',
    padding: `${BAR_PADDING}px`,
    boxSizing: 'border-box',
    background: 'var(--tg-theme-bottom-bar-bg-color, var(--tg-theme-secondary-bg-color, #f1f1f1))',
    borderTop: '1px dashed var(--tg-theme-hint-color, #999)',
  });

  const buttons: Record<'main' | 'secondary', { element: HTMLButtonElement; state: ButtonState }> = {
    main: { element: document.createElement('button'), state: { visible: false, active: true, progress: false, text: '' } },
    secondary: { element: document.createElement('button'), state: { visible: false, active: true, progress: false, text: '' } },
  };
  (['secondary', 'main'] as const).forEach((slot) => {
    const { element } = buttons[slot];
    element.type = 'button';
    element.dataset.tgMockButton = slot;
    css(element, {
      flex: '1',
      height: `${BUTTON_HEIGHT}px`,
      border: '0',
      borderRadius: '10px',
      font: '600 15px system-ui, sans-serif',
      cursor: 'pointer',
    });
    element.addEventListener('click', () => {
      const { state } = buttons[slot];
      if (state.visible && state.active && !state.progress) reply(`${slot}_button_pressed`);
    });
    bar.append(element);
  });

  const style = document.createElement('style');
  style.textContent = `html{padding-top:${HEADER_HEIGHT}px;padding-bottom:var(--app-bottom-buttons-height,0px);box-sizing:border-box}`;

  const attach = () => {
    document.head.append(style);
    document.body.append(header, bar);
  };
  if (document.body) attach();
  else document.addEventListener('DOMContentLoaded', attach, { once: true });

  let barHeight = 0;
  const viewportHeight = () => Math.max(0, window.innerHeight - HEADER_HEIGHT - barHeight);
  const reportViewport = () =>
    reply('viewport_changed', { height: viewportHeight(), width: window.innerWidth, is_expanded: true, is_state_stable: true });

  const render = () => {
    const shown = (['secondary', 'main'] as const).filter((slot) => buttons[slot].state.visible);
    (['secondary', 'main'] as const).forEach((slot) => {
      const { element, state } = buttons[slot];
      element.hidden = !state.visible;
      element.textContent = state.progress ? `${state.text} …` : state.text;
      element.disabled = !state.active || state.progress;
      element.setAttribute('aria-busy', String(state.progress));
      const primary = slot === 'main';
      css(element, {
        display: state.visible ? 'block' : 'none',
        opacity: element.disabled ? '0.55' : '1',
        background: state.color ?? (primary ? 'var(--tg-theme-button-color, #2481cc)' : 'transparent'),
        color: state.textColor ?? (primary ? 'var(--tg-theme-button-text-color, #fff)' : 'var(--tg-theme-link-color, #2481cc)'),
      });
    });
    bar.style.display = shown.length > 0 ? 'flex' : 'none';
    const height = shown.length > 0 ? BUTTON_HEIGHT + 2 * BAR_PADDING : 0;
    if (height !== barHeight) {
      barHeight = height;
      root.style.setProperty('--app-bottom-buttons-height', `${height}px`);
      reportViewport();
    }
  };

  const update = (slot: 'main' | 'secondary', params: Record<string, unknown>) => {
    const { state } = buttons[slot];
    state.visible = params.is_visible === true;
    state.active = params.is_active !== false;
    state.progress = params.is_progress_visible === true;
    state.text = typeof params.text === 'string' ? params.text : state.text;
    state.color = typeof params.color === 'string' ? params.color : undefined;
    state.textColor = typeof params.text_color === 'string' ? params.text_color : undefined;
    render();
  };

  return {
    handle(method, params) {
      switch (method) {
        case 'web_app_setup_back_button':
          back.style.visibility = params.is_visible === true ? 'visible' : 'hidden';
          return true;
        case 'web_app_setup_settings_button':
          settings.style.display = params.is_visible === true ? 'inline-block' : 'none';
          return true;
        case 'web_app_setup_main_button':
          update('main', params);
          return true;
        case 'web_app_setup_secondary_button':
          update('secondary', params);
          return true;
        case 'web_app_request_viewport':
          reportViewport();
          return true;
        default:
          return false;
      }
    },
  };
}
