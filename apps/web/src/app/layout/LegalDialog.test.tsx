import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  RETENTION_INACTIVE_DAYS,
  RETENTION_WARNING_DAYS,
  retentionPeriods,
} from '@bullpen/contract/privacy';
import { renderWithApp } from '@/test/render.tsx';
import LegalDialog from './LegalDialog.tsx';

async function policyText(language: 'en' | 'es') {
  await renderWithApp(<LegalDialog kind="privacy" open onClose={() => {}} />, { language });
  return screen.getByRole('dialog').textContent ?? '';
}

describe('the privacy policy', () => {
  it('states each retention period from the constants the retention job uses', async () => {
    const text = await policyText('en');
    const periods = retentionPeriods();
    expect(text).toContain(`signed in to for ${RETENTION_INACTIVE_DAYS} days`);
    expect(text).toContain(`we write to it ${RETENTION_WARNING_DAYS} days before`);
    expect(text).toContain(`erased ${periods.graceDays} days later`);
    expect(text).toContain(`Support requests: ${periods.ticketDays} days after`);
    expect(text).toContain(`emails we send: ${periods.mailDays} days`);
    expect(text).toContain(`(notifications): ${periods.notificationDays} days`);
    expect(text).toContain(`Downloads of your data: ${periods.exportHours} hours`);
    expect(text).toContain(`a teacher account: ${periods.auditYears} years`);
    expect(text).toContain(`within ${periods.consentDays} days`);
    expect(text).toContain(`never names, and is kept ${periods.rosterLogDays} days`);
    expect(text).not.toContain('{{');
  });

  it('states them in Spanish too', async () => {
    const text = await policyText('es');
    expect(text).toContain(`durante ${RETENTION_INACTIVE_DAYS} días`);
    expect(text).toContain(`le escribimos ${RETENTION_WARNING_DAYS} días antes`);
    expect(text).not.toContain('{{');
  });
});
