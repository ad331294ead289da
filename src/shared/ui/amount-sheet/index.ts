export { AmountSheetFooter, AmountField, SheetStack, SheetLead, type AmountSheetFooterProps, type AmountFieldProps } from './amount-sheet';
