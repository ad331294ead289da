export {
  productsQuery,
  productQuery,
  productsRequested,
  productRequested,
  $products,
  $productsState,
  $productsError,
  $product,
  $productState,
  $productError,
  $requestedProductId,
  isProductMissingError,
  PRODUCTS_PAGE_LIMIT,
  type ProductState,
} from './model/products';
export { ProductFees, useDepositFeeText, type ProductFeesProps } from './ui/product-fees';
export { ProductSummary, type ProductSummaryProps } from './ui/product-summary';
