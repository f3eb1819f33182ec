import { REFUND_METHODS, type RefundMethod } from '@taxfree/domain';

/** Each refund method's name, as a translation key. */
export const REFUND_LABEL_KEYS = {
  option2: 'issueForm.refundMethods.option2',
  option3: 'issueForm.refundMethods.option3',
  option5: 'issueForm.refundMethods.option5',
  option6: 'issueForm.refundMethods.option6',
} as const satisfies Record<RefundMethod, string>;

/** The refund methods the company offers (general_setting.refund_methods), in its order. */
export function offeredRefundMethods(refundMethods: string): RefundMethod[] {
  return refundMethods
    .split(',')
    .map((method) => method.trim())
    .filter((method): method is RefundMethod =>
      (REFUND_METHODS as readonly string[]).includes(method),
    );
}
