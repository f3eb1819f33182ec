import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './issue-result.module.css';

type IssueResultCodesProps = {
  barcode: string;
  /** The form's verification code, once its details are loaded. */
  verificationCode: string | undefined;
};

/** The saved form's number (its barcode) and verification code, large, to read out. */
export function IssueResultCodes({ barcode, verificationCode }: IssueResultCodesProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.codes}>
      <div className={classes.code}>
        <Text size="sm" c="dimmed" id="issue-result-barcode">
          {t('issueResult.barcode')}
        </Text>
        <p className={classes.codeValue} aria-labelledby="issue-result-barcode">
          {barcode}
        </p>
      </div>
      <div className={classes.code}>
        <Text size="sm" c="dimmed" id="issue-result-code">
          {t('issueResult.code')}
        </Text>
        <p className={classes.codeValue} aria-labelledby="issue-result-code">
          {verificationCode ?? '…'}
        </p>
      </div>
    </div>
  );
}
