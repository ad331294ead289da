export {
  appConfigRequested,
  $appConfig,
  $appConfigState,
  $usdtConfig,
  $sbpConfig,
  $exchangeConfig,
  $supportContact,
  exchangeMinimumOf,
} from './model/app-config';
