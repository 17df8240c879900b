import { Button, ButtonGroup } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The two files of an export (decision 084): for a program (',', UTC, keys) or for Excel in Dutch (';'). */
export type CsvSeparator = 'comma' | 'semicolon';

/**
 * "CSV" and "CSV for Excel (NL)" side by side, whatever the page's language: a Dutch Excel needs the
 * second (semicolons, decimal comma, Amsterdam time), a program or an English spreadsheet the first.
 */
export function CsvDownloadButtons({
  label,
  onDownload,
}: {
  /** What is downloaded, for screen readers: "Download tips". */
  label: string;
  onDownload: (separator: CsvSeparator) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async (separator: CsvSeparator) => {
    setBusy(true);
    try {
      await onDownload(separator);
    } catch {
      // The API client shows the failure.
    } finally {
      setBusy(false);
    }
  };
  return (
    <ButtonGroup variant="outlined" size="small" aria-label={label} disabled={busy}>
      <Button onClick={() => download('comma')}>{t('export.csv')}</Button>
      <Button onClick={() => download('semicolon')}>{t('export.excel')}</Button>
    </ButtonGroup>
  );
}
