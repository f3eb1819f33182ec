import { CARD_TYPE_NAMES, checkCardNumber, isMasked, type CardType } from '@taxfree/domain';
import { Group, Text } from '@mantine/core';
import amex from 'payment-icons/min/flat/amex.svg?no-inline';
import unknownCard from 'payment-icons/min/flat/default.svg?no-inline';
import diners from 'payment-icons/min/flat/diners.svg?no-inline';
import discover from 'payment-icons/min/flat/discover.svg?no-inline';
import jcb from 'payment-icons/min/flat/jcb.svg?no-inline';
import maestro from 'payment-icons/min/flat/maestro.svg?no-inline';
import mastercard from 'payment-icons/min/flat/mastercard.svg?no-inline';
import unionpay from 'payment-icons/min/flat/unionpay.svg?no-inline';
import visa from 'payment-icons/min/flat/visa.svg?no-inline';
import { useTranslation } from 'react-i18next';
import classes from './issue-form.module.css';

/**
 * Each card type's logo (the payment-icons set; Dankort, which it lacks, shows a plain card), a
 * file of its own fetched when shown, not text in the panel's script.
 */
const CARD_IMAGES: Readonly<Record<CardType, string>> = {
  visa,
  mastercard,
  amex,
  maestro,
  discover,
  dinersclub: diners,
  jcb,
  unionpay,
  dankort: unknownCard,
};

/** The card's type as the clerk types its number: its logo and its name (nothing while unknown). */
export function CardTypeMark({ number }: { number: string }) {
  const { t } = useTranslation();
  const type = number.trim() && !isMasked(number) ? checkCardNumber(number).type : null;
  if (!type) return null;
  return (
    <Group gap="xs" wrap="nowrap" className={classes.cardType} data-card-type={type}>
      <img src={CARD_IMAGES[type]} alt="" width={40} height={25} />
      <Text span size="sm" fw={500}>
        {t('issueForm.cardType', { type: CARD_TYPE_NAMES[type] })}
      </Text>
    </Group>
  );
}
