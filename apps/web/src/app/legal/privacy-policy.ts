import { LEGAL_CONTACT_EMAIL } from './types.ts';
import type { LegalDocument } from './types.ts';

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  updated: 'Last updated: 1 September 2025',
  intro:
    'Bullpen is an educational game that teaches money and investing to students, with their teachers and parents. Many of our users are children, so we collect as little as we can, use it only to run the game and the classroom, and never sell it or use it for advertising. This policy explains what we collect, why, how long we keep it, and how you can see or delete it.',
  sections: [
    {
      heading: '1. Who we are',
      paragraphs: [
        `Bullpen ("we", "us") operates this website and the Bullpen learning service. For any privacy question or request, write to ${LEGAL_CONTACT_EMAIL}. When a school or district uses Bullpen, the school is in charge of its students' records and we process them on the school's behalf and under its instructions.`,
      ],
    },
    {
      heading: '2. What we collect',
      paragraphs: ['We collect only what the game and the classroom need:'],
      bullets: [
        'Account details: first name, last name, username, email address and a password (stored only as a one-way hash, never readable by anyone).',
        'An optional profile picture (avatar), only if you choose to upload one.',
        'Whether the account is a teacher account, and whether the email address has been verified.',
        'Classroom activity: classrooms joined or created, lessons and courses completed, assessments, discussion-board messages, resumes and certificates.',
        'Contest activity: contests joined or created, simulated orders, simulated portfolios and their values, and leaderboard positions. All trading in Bullpen uses virtual money; no real money or real securities are involved.',
        'Points earned in Learn & Earn modules and points redeemed.',
        'Technical data needed to keep the service secure and working: a session cookie, the time of requests and error logs. We do not use advertising cookies, tracking pixels or cross-site trackers.',
      ],
    },
    {
      heading: '3. Why we use it',
      paragraphs: [
        'We use this information only to provide Bullpen: to sign you in, to run contests and classrooms, to show progress to the student and to the student’s teachers, to award points and certificates, to send messages you need (such as email verification, password reset and lesson reminders), and to keep the service safe and fix problems.',
        'We never show advertising, never build advertising profiles, and never sell, rent or trade personal information. We do not use students’ information for any purpose other than the educational service.',
      ],
    },
    {
      heading: '4. Children and schools (COPPA and FERPA)',
      paragraphs: [
        'Bullpen is designed for use in schools. When a school or teacher invites students under 13, the school gives consent on behalf of parents for the limited educational purpose described here, as the US Children’s Online Privacy Protection Act (COPPA) allows. Outside school, a child under 13 may only use Bullpen with the consent of a parent or guardian.',
        'Student records that a school shares with us remain under the school’s control, as the US Family Educational Rights and Privacy Act (FERPA) requires. We act as a “school official” with a legitimate educational interest and use the records only for the school’s purposes.',
        'Parents and guardians may ask to review the information about their child, ask us to correct it, and ask us to delete it or stop collecting it. Contact the child’s school or write to us; we will verify that the request comes from the parent or the school before we act.',
      ],
    },
    {
      heading: '5. Who can see it',
      paragraphs: [
        'Other players see your username and your results in the contests and classrooms you join. Teachers see the progress of the students in their own classrooms. We share information with service providers that host and operate Bullpen for us (for example, hosting and email delivery) only under contracts that forbid them from using it for anything else. We disclose information when the law requires it.',
      ],
    },
    {
      heading: '6. How long we keep it',
      paragraphs: [
        'We keep account and activity information while the account is active. When an account is deleted, we delete its personal information within 30 days, except short security logs, which we keep for up to 90 days. When a school ends its use of Bullpen, we delete its students’ information on the school’s request, or after one year of inactivity.',
      ],
    },
    {
      heading: '7. Your choices and rights',
      paragraphs: [
        'You can view and update your account details at any time. You can ask for a copy of your information, for corrections, or for the deletion of your account and its information by writing to us. Students can also ask their teacher. We answer within 30 days.',
      ],
    },
    {
      heading: '8. Security',
      paragraphs: [
        'We protect information with encrypted connections, hashed passwords, sessions that expire after one day and access limited to the people who need it. No system is perfectly secure; if a breach affects your information, we will tell you and the school as the law requires.',
      ],
    },
    {
      heading: '9. Changes and contact',
      paragraphs: [
        `If we change this policy in a way that matters, we will tell teachers and account holders before the change takes effect. Questions, requests and complaints: ${LEGAL_CONTACT_EMAIL}.`,
      ],
    },
  ],
};
