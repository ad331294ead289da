export { createAddressForm } from './model/address-form';
export { addressLines } from './lib/format';
export { AddressFields } from './ui/address-fields';
export { deliveryAddressTexts } from './i18n/texts';
