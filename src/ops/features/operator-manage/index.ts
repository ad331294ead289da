export { AddOperator } from './ui/add-operator';
export { ChangeOperatorDialog, OperatorActions } from './ui/change-operator';
export { addOperator, changeOperator } from './model/operator-manage';
