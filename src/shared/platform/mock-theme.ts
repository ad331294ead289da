/** Telegram-like palettes for the development mock (every colour 6-digit hex, SPEC §1). */
import type { MockTheme } from './mock-config';

export const MOCK_THEMES: Record<MockTheme, Record<string, string>> = {
  light: {
    accent_text_color: '#168acd',
    bg_color: '#ffffff',
    bottom_bar_bg_color: '#ffffff',
    button_color: '#2481cc',
    button_text_color: '#ffffff',
    destructive_text_color: '#d14e4e',
    header_bg_color: '#ffffff',
    hint_color: '#999999',
    link_color: '#2481cc',
    secondary_bg_color: '#efeff3',
    section_bg_color: '#ffffff',
    section_header_text_color: '#6d6d71',
    section_separator_color: '#e7e7e7',
    subtitle_text_color: '#999999',
    text_color: '#000000',
  },
  dark: {
    accent_text_color: '#6ab2f2',
    bg_color: '#17212b',
    bottom_bar_bg_color: '#17212b',
    button_color: '#5288c1',
    button_text_color: '#ffffff',
    destructive_text_color: '#ec3942',
    header_bg_color: '#17212b',
    hint_color: '#708499',
    link_color: '#6ab3f3',
    secondary_bg_color: '#232e3c',
    section_bg_color: '#17212b',
    section_header_text_color: '#6ab3f3',
    section_separator_color: '#111921',
    subtitle_text_color: '#708499',
    text_color: '#f5f5f5',
  },
};
