/** Pure toast rules from the spec (sections 4 and 5): option validation and stacking offsets. */

export const TOAST_TYPES = ['default', 'info', 'primary', 'danger', 'warning', 'success'] as const;
export const TOAST_VERTICAL = ['top', 'bottom'] as const;
export const TOAST_HORIZONTAL = ['left', 'center', 'right'] as const;
export const DEFAULT_TIMEOUT = 5000;
export const FIRST_OFFSET = 20;
export const GAP = 10;

export type ToastType = (typeof TOAST_TYPES)[number];
export type ToastVertical = (typeof TOAST_VERTICAL)[number];
export type ToastHorizontal = (typeof TOAST_HORIZONTAL)[number];

export interface ToastConfirm {
  onConfirm: () => void;
  onCancel?: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
}

export interface ToastOptions {
  title?: string;
  message: string;
  type?: ToastType;
  vertical?: ToastVertical;
  horizontal?: ToastHorizontal;
  /** Milliseconds before closing; 0 keeps the toast until it is closed. */
  timeout?: number;
  confirm?: ToastConfirm;
}

export interface Toast extends Required<Omit<ToastOptions, 'confirm' | 'title'>> {
  id: number;
  title?: string;
  confirm?: ToastConfirm;
}

export class InvalidToastOptions extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid toast options: ${problems.join('; ')}`);
    this.name = 'InvalidToastOptions';
  }
}

/** Returns the list of problems with `options` (empty when valid). */
export function validateToastOptions(options: ToastOptions): string[] {
  const problems: string[] = [];
  if (typeof options.message !== 'string' || options.message.trim() === '') {
    problems.push('message must be a non-empty string');
  }
  if (options.type !== undefined && !TOAST_TYPES.includes(options.type)) {
    problems.push(`type must be one of ${TOAST_TYPES.join(', ')}`);
  }
  if (options.vertical !== undefined && !TOAST_VERTICAL.includes(options.vertical)) {
    problems.push('vertical must be top or bottom');
  }
  if (options.horizontal !== undefined && !TOAST_HORIZONTAL.includes(options.horizontal)) {
    problems.push('horizontal must be left, center or right');
  }
  if (
    options.timeout !== undefined &&
    (typeof options.timeout !== 'number' ||
      !Number.isFinite(options.timeout) ||
      options.timeout < 0)
  ) {
    problems.push('timeout must be a number at least 0');
  }
  if (options.confirm !== undefined && typeof options.confirm.onConfirm !== 'function') {
    problems.push('confirm.onConfirm must be a function');
  }
  return problems;
}

/** Validates and fills defaults. A confirm toast waits for an answer unless a timeout is given. */
export function normalizeToastOptions(options: ToastOptions, id: number): Toast {
  const problems = validateToastOptions(options);
  if (problems.length > 0) throw new InvalidToastOptions(problems);
  return {
    id,
    title: options.title,
    message: options.message,
    type: options.type ?? 'default',
    vertical: options.vertical ?? 'top',
    horizontal: options.horizontal ?? 'right',
    timeout: options.timeout ?? (options.confirm ? 0 : DEFAULT_TIMEOUT),
    confirm: options.confirm,
  };
}

/**
 * Offsets from the screen edge for toasts stacked at one position, in display order:
 * the first sits 20 px from the edge, each next one below the previous heights plus 10 px each.
 */
export function stackOffsets(heights: number[]): number[] {
  const offsets: number[] = [];
  let next = FIRST_OFFSET;
  for (const height of heights) {
    offsets.push(next);
    next += height + GAP;
  }
  return offsets;
}

export function positionKey(toast: Pick<Toast, 'vertical' | 'horizontal'>): string {
  return `${toast.vertical}-${toast.horizontal}`;
}
