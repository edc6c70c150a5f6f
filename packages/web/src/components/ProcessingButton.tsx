import type { ButtonHTMLAttributes } from 'react';

interface ProcessingButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** the request this button started is under way */
  processing: boolean;
  label: string;
}

/** docs/product.md §Navigation and shell: while its request works, a button reads 'Processing...' and cannot be pressed again. */
export function ProcessingButton({ processing, label, type = 'submit', disabled, ...button }: ProcessingButtonProps) {
  return (
    <button type={type} disabled={processing || disabled} {...button}>
      {processing ? 'Processing...' : label}
    </button>
  );
}
