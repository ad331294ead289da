export {
  productsRequested,
  productRequested,
  $products,
  $productsState,
  $productsError,
  $product,
  $productState,
  $productError,
  isProductMissingError,
} from './model/products';
export { ProductFees, useDepositFeeText } from './ui/product-fees';
export { ProductSummary } from './ui/product-summary';
export { cardProductTexts } from './i18n/texts';
