export { Button, LinkButton, buttonClassName, type ButtonProps, type LinkButtonProps, type ButtonVariant } from './button';
