import { useTranslation } from 'react-i18next';
import type { BlogCard } from '@bullpen/contract/learn';
import { ActionAnchor, ActionLink } from '@/components/ActionButton.tsx';
import { translateMessage } from '@/lib/translate-message.ts';
import { useFlyers } from '../api/flyers-api.ts';
import styles from './sections.module.css';

/** The content service's button words, put in the reader's language when the catalogue knows them. */
const buttonText = (text: string) => translateMessage(text, ['home:blog.cardButtons']);

function CardLink({
  to,
  label,
  title,
  variant,
}: {
  to: string;
  label: string;
  title: string;
  variant: 'contained' | 'outlined';
}) {
  const { t } = useTranslation('home');
  const look = {
    variant,
    size: 'small' as const,
    'aria-label': t('blog.buttonLabel', { button: label, title }),
  };
  return to.startsWith('/') ? (
    <ActionLink to={to} {...look}>
      {label}
    </ActionLink>
  ) : (
    <ActionAnchor href={to} {...look}>
      {label}
    </ActionAnchor>
  );
}

function Card({ card }: { card: BlogCard }) {
  return (
    <li className={styles.card}>
      <img
        src={card.image}
        alt=""
        width={320}
        height={180}
        loading="lazy"
        className={styles.cardImage}
      />
      <div className={styles.cardBody}>
        <h3 className={`${styles.h3} ${styles.cardTitle}`}>{card.title}</h3>
        <p className={styles.cardText}>{card.description}</p>
        <div className={styles.cardActions}>
          <CardLink
            to={card.path}
            label={buttonText(card.buttonText)}
            title={card.title}
            variant="contained"
          />
          {card.secondPath && card.secondButtonText && (
            <CardLink
              to={card.secondPath}
              label={buttonText(card.secondButtonText)}
              title={card.title}
              variant="outlined"
            />
          )}
        </div>
      </div>
    </li>
  );
}

/** Articles from the content service (spec section 7); the section hides when none load. */
export function BlogCards() {
  const { t } = useTranslation('home');
  const { data } = useFlyers();
  if (!data || data.results.length === 0) return null;
  return (
    <section aria-labelledby="blog-title" className={styles.blog}>
      <h2 id="blog-title" className={`${styles.title} ${styles.blogTitle}`}>
        {t('blog.title')}
      </h2>
      <p className={`${styles.secondary} ${styles.blogLead}`}>{t('blog.lead')}</p>
      <ul className={styles.cards}>
        {data.results.map((card) => (
          <Card key={card.path} card={card} />
        ))}
      </ul>
      <ActionLink to="/public/preview-courses" className={styles.allCourses}>
        {t('blog.allCourses')}
      </ActionLink>
    </section>
  );
}
