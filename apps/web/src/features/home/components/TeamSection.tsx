import { useTranslation } from 'react-i18next';
import { Suspense, lazy, useState } from 'react';
import type { TeamMember } from '@bullpen/contract/content';
import { useTeamMembers } from '../team-members.ts';
import { InitialsAvatar } from './InitialsAvatar.tsx';
import styles from './sections.module.css';

/** The dialog (MUI's Dialog and Modal) loads when a member is first opened, not with the page. */
const TeamMemberDialog = lazy(() =>
  import('./TeamMemberDialog.tsx').then((module) => ({ default: module.TeamMemberDialog })),
);

export function TeamSection() {
  const { t } = useTranslation('home');
  const teamMembers = useTeamMembers();
  // The member stays set while the dialog closes, so its content does not vanish mid-fade.
  const [member, setMember] = useState<TeamMember | null>(null);
  const [open, setOpen] = useState(false);

  return (
    <section aria-labelledby="team-title" className={styles.section}>
      <div className={styles.inner}>
        <h2 id="team-title" className={styles.title}>
          {t('team.title')}
        </h2>
        <p className={styles.lead}>{t('team.lead')}</p>
        <ul className={styles.team}>
          {teamMembers.map((teamMember) => (
            <li key={teamMember.fullName}>
              <button
                type="button"
                onClick={() => {
                  setMember(teamMember);
                  setOpen(true);
                }}
                aria-haspopup="dialog"
                className={styles.member}
              >
                <InitialsAvatar name={teamMember.fullName} photo={teamMember.photo} size={88} />
                <span className={styles.memberName}>{teamMember.fullName}</span>
                <span className={styles.memberRole}>{teamMember.role}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {member && (
        <Suspense fallback={null}>
          <TeamMemberDialog member={member} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
