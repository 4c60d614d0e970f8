import { LEGAL_CONTACT_EMAIL } from './types.ts';
import type { LegalDocument } from './types.ts';

export const termsOfUse: LegalDocument = {
  title: 'Terms of Use',
  updated: 'Last updated: 1 September 2025',
  intro:
    'These terms apply to everyone who uses Bullpen: students, teachers, parents and visitors. Please read them with a parent, guardian or teacher if you are a student. By using Bullpen you agree to them.',
  sections: [
    {
      heading: '1. What Bullpen is',
      paragraphs: [
        'Bullpen is an educational game about money and investing. Contests use virtual money and simulated market data. Nothing on Bullpen is financial, investment, tax or legal advice, and no real money, real securities or real trades are involved. Market prices, news and company data shown in the game are simulated or delayed and are not guaranteed to be accurate.',
      ],
    },
    {
      heading: '2. Who may use it',
      paragraphs: [
        'Students may use Bullpen through their school, or with the permission of a parent or guardian. Children under 13 may only use Bullpen when their school or a parent has given consent, as described in our Privacy Policy. Teachers confirm that they are allowed by their school to use Bullpen with their students.',
      ],
    },
    {
      heading: '3. Your account',
      paragraphs: [
        'Keep your password secret and do not share your account. Use a username that does not reveal private information and is kind to others. Tell your teacher or us if you think someone else is using your account.',
      ],
    },
    {
      heading: '4. Play fair and be kind',
      paragraphs: ['When you use Bullpen, you agree not to:'],
      bullets: [
        'post anything hurtful, bullying, hateful, unsafe or inappropriate for a school, or share anyone’s personal information;',
        'cheat, use more than one account to win a contest, or exploit bugs (please report them instead);',
        'try to break, overload or get around the security of the service, or access accounts or data that are not yours;',
        'use Bullpen for advertising, selling or any purpose other than learning.',
      ],
    },
    {
      heading: '5. Points, prizes and certificates',
      paragraphs: [
        'Points and certificates recognise learning. Points have no cash value, cannot be sold or transferred, and may be corrected if they were earned by mistake or by breaking these terms. Any rewards offered for points are described on the Redeem page and may change.',
      ],
    },
    {
      heading: '6. Teachers and schools',
      paragraphs: [
        'Teachers are responsible for the classrooms they create, for inviting only their own students, and for following their school’s rules on student data. Schools can ask us at any time to export or delete their students’ information.',
      ],
    },
    {
      heading: '7. Content',
      paragraphs: [
        'Lessons, courses and other materials on Bullpen belong to us or our partners and may be used for teaching and learning. Content you post (such as discussion messages or resumes) stays yours; you allow us to show it to the people in your classroom or contest so the service can work. We may remove content that breaks these terms.',
      ],
    },
    {
      heading: '8. Links and partner offers',
      paragraphs: [
        'Bullpen may link to other websites or apps, including an app for real investing intended only for adults (18+). Those services have their own terms and privacy policies; we are not responsible for them. Students should not follow offers meant for adults.',
      ],
    },
    {
      heading: '9. Ending an account',
      paragraphs: [
        'You may stop using Bullpen and ask us to delete your account at any time. We may suspend an account that breaks these terms, and will tell the teacher or parent when a student account is involved.',
      ],
    },
    {
      heading: '10. No warranty',
      paragraphs: [
        'We work hard to keep Bullpen available and correct, but it is provided “as is”. To the extent the law allows, we are not liable for losses arising from the use of the game or its simulated data.',
      ],
    },
    {
      heading: '11. Changes and contact',
      paragraphs: [
        `We may update these terms; we will tell teachers and account holders about important changes. Questions: ${LEGAL_CONTACT_EMAIL}.`,
      ],
    },
  ],
};
