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
export {
  depositFee,
  topUpBounds,
  initialDepositBounds,
  issueCharge,
  topUpCharge,
  checkAmount,
  type IssueCharge,
  type TopUpCharge,
  type AmountProblem,
} from './lib/fees';
export { parseAmountInput, amountToInput } from './lib/amount-input';
export { ProductFees, useDepositFeeText, type ProductFeesProps } from './ui/product-fees';
export { ProductSummary, type ProductSummaryProps } from './ui/product-summary';
