export { createAddressForm, addressValue, EMPTY_ADDRESS, type AddressForm, type AddressTexts } from './model/address-form';
export { addressLines, countryName } from './lib/format';
export { AddressFields, type AddressFieldsProps } from './ui/address-fields';
