import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pointsMessages } from '@bullpen/contract/points';
import { PLATFORM_REWARDS, rewardMessages } from '@bullpen/contract/rewards';

const english = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'locales', 'en', 'redeem.json'), 'utf8'),
) as {
  platform: Record<string, { name: string; description: string }>;
  serverMessages: Record<string, string>;
};

describe('the redeem catalogue', () => {
  it('holds the contract’s messages word for word, so the server’s text is recognised', () => {
    const messages = english.serverMessages;
    for (const [key, text] of Object.entries(rewardMessages)) {
      expect(messages[key], key).toBe(text);
    }
    const fill = (text: string | undefined, name: string, value: number) =>
      (text ?? '').replace(`{{${name}}}`, String(value));
    expect(fill(messages.notEnough_one, 'count', 1)).toBe(pointsMessages.notEnough(1));
    expect(fill(messages.notEnough_other, 'count', 40)).toBe(pointsMessages.notEnough(40));
    expect(messages.awardPoints).toBe(pointsMessages.awardPoints);
    expect(messages.awardReason).toBe(pointsMessages.awardReason);
    expect(messages.awardReasonTooLong).toBe(pointsMessages.awardReasonTooLong);
    expect(fill(messages.awardCap, 'left', 10)).toBe(pointsMessages.awardCap(10));
    expect(messages.awardNotStudent).toBe(pointsMessages.awardNotStudent);
  });

  it('names and describes every platform reward, in the server’s English', () => {
    for (const reward of PLATFORM_REWARDS) {
      expect(english.platform[reward.slug]?.name, reward.slug).toBe(reward.name);
      expect(english.platform[reward.slug]?.description, reward.slug).toBeTruthy();
    }
  });
});
