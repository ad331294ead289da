import { describe, expect, it } from 'vitest';
import { calendarDayDiff, formatDate, formatDateTime, formatRelativeDay } from './format';

describe('dates', () => {
  const now = new Date(2025, 2, 12, 15, 30);

  it('calendarDayDiff uses local calendar days', () => {
    expect(calendarDayDiff(new Date(2025, 2, 12, 0, 1), now)).toBe(0);
    expect(calendarDayDiff(new Date(2025, 2, 11, 23, 59), now)).toBe(-1);
  });

  it('formatRelativeDay: Today / Yesterday / date', () => {
    expect(formatRelativeDay(new Date(2025, 2, 12, 9), 'en', now)).toBe('Today');
    expect(formatRelativeDay(new Date(2025, 2, 11, 9), 'en', now)).toBe('Yesterday');
    expect(formatRelativeDay(new Date(2025, 2, 12, 9), 'ru', now)).toBe('Сегодня');
    expect(formatRelativeDay(new Date(2025, 2, 11, 9), 'ru', now)).toBe('Вчера');
    expect(formatRelativeDay(new Date(2025, 2, 1, 9), 'en', now)).toBe('March 1');
    expect(formatRelativeDay(new Date(2025, 2, 1, 9), 'ru', now)).toBe('1 марта');
    expect(formatRelativeDay(new Date(2024, 11, 31, 9), 'en', now)).toBe('December 31, 2024');
  });

  it('formatDate / formatDateTime', () => {
    expect(formatDate(new Date(2025, 2, 12), 'en')).toBe('Mar 12, 2025');
    expect(formatDateTime(new Date(2025, 2, 12, 14, 5), 'ru')).toMatch(/12 мар\. 2025 г\., 14:05/);
  });
});
