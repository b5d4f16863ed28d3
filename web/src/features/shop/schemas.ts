import { email } from '@/lib/credentials';
import { z } from '@/lib/zod';
import { normalizeKey } from './keys';

export const MAX_UNITS = 50;

export const directOrderSchema = z
  .object({
    email,
    network: z.enum(['bep20', 'erc20-usdc', 'erc20-usdt', 'solana'], 'shop.form.network'),
    quantities: z.record(z.string(), z.number().int().min(0).max(MAX_UNITS)),
  })
  .refine((v) => Object.values(v.quantities).some((q) => q > 0), {
    path: ['quantities'],
    message: 'shop.form.pickItem',
  });

export type DirectOrderValues = z.infer<typeof directOrderSchema>;

export const applyKeySchema = z.object({
  key: z
    .string()
    .transform(normalizeKey)
    .pipe(z.string().min(1, 'form.required').max(64, 'shop.form.key')),
});
export type ApplyKeyValues = z.input<typeof applyKeySchema>;

export const missingKeySchema = z.object({
  order_number: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'shop.form.orderNumber'),
  email,
});
export type MissingKeyValues = z.infer<typeof missingKeySchema>;

/** The local test-mode card form (the server decides which test cards pay). */
export const cardSchema = z.object({
  email,
  quantity: z.number().int().min(1).max(MAX_UNITS),
  card_number: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'shop.card.numberInvalid')),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'shop.card.expiryInvalid'),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'shop.card.cvcInvalid'),
});
export type CardValues = z.input<typeof cardSchema>;
export type CardOutput = z.output<typeof cardSchema>;

export const transactionSchema = z.object({
  transaction_id: z.string().trim().min(20, 'form.required').max(120),
});
export type TransactionValues = z.infer<typeof transactionSchema>;
