export {
  appConfigQuery,
  appConfigRequested,
  $appConfig,
  $appConfigState,
  $appConfigError,
  $usdtConfig,
  $sbpConfig,
  $exchangeConfig,
  $supportContact,
  exchangeMinimumOf,
} from './model/app-config';
