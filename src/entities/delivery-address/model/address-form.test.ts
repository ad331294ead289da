import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { addressValue, createAddressForm, EMPTY_ADDRESS } from './address-form';

describe('delivery address form', () => {
  const form = createAddressForm();
  const fill = async (scope: ReturnType<typeof fork>, values: Partial<Record<keyof typeof EMPTY_ADDRESS, string>>) => {
    for (const [field, value] of Object.entries(values)) await allSettled(form.fieldChanged, { scope, params: { field: field as 'city', value } });
  };

  it('shows problems only after the first submit, then follows the typing', async () => {
    const scope = fork();
    await fill(scope, { country: 'RU', recipient: 'Иван Петров', line1: 'ул. Ленина, 1', city: 'Казань', postcode: '4200' });
    expect(scope.getState(form.$valid)).toBe(false);
    expect(scope.getState(form.$errors)).toEqual({});
    await allSettled(form.validationShown, { scope });
    expect(scope.getState(form.$errors)).toEqual({ postcode: 'postcode' });
    await fill(scope, { postcode: '420000' });
    expect(scope.getState(form.$errors)).toEqual({});
    expect(scope.getState(form.$valid)).toBe(true);
  });

  it('sends the normalised value, optional fields left out; switching to or from the US clears the region', async () => {
    const scope = fork();
    await fill(scope, { country: 'US', recipient: '  Ada   Lovelace ', line1: '1 Main St', city: 'Springfield', region: 'IL', postcode: '62701' });
    expect(scope.getState(form.$value)).toEqual({ country: 'US', recipient: 'Ada Lovelace', line1: '1 Main St', city: 'Springfield', region: 'IL', postcode: '62701' });
    expect(scope.getState(form.$valid)).toBe(true);
    await fill(scope, { country: 'DE' });
    expect(scope.getState(form.$texts).region).toBe('');
    await fill(scope, { postcode: '10117' });
    expect(scope.getState(form.$valid)).toBe(true);
    await fill(scope, { region: 'Bayern', country: 'FR' });
    expect(scope.getState(form.$texts).region).toBe('Bayern'); // neither is the US: kept
    await allSettled(form.reset, { scope });
    expect(scope.getState(form.$texts)).toEqual(EMPTY_ADDRESS);
  });

  it('addressValue puts postcodes in capitals', () => {
    expect(addressValue({ ...EMPTY_ADDRESS, country: 'gb', postcode: ' sw1a  2aa ' })).toMatchObject({ country: 'GB', postcode: 'SW1A 2AA' });
  });
});
