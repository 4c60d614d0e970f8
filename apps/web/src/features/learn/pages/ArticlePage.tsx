import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isSlug } from '@bullpen/contract/slug';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import { ActionAnchor, ActionLink } from '@/components/ActionButton.tsx';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useFormatters } from '@/lib/format.ts';
import { translateMessage } from '@/lib/translate-message.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { type ArticleKind, useArticle } from '../api/learn-api.ts';
import { PageStatus } from '../components/PageStatus.tsx';
import { CONTENT_LANGUAGE, Reading, type RenderCalculator } from '../components/Reading.tsx';
import { Sources } from '../components/Sources.tsx';
import styles from './ArticlePage.module.css';

/** A card's path leads inside Bullpen, or (rarely) out of it. */
function CardButton({
  to,
  children,
  variant,
}: {
  to: string;
  children: string;
  variant: 'contained' | 'outlined';
}) {
  return to.startsWith('/') ? (
    <ActionLink to={to} variant={variant}>
      {children}
    </ActionLink>
  ) : (
    <ActionAnchor href={to} variant={variant}>
      {children}
    </ActionAnchor>
  );
}

/**
 * /public/blogs/:alias and /public/lessons/:alias (spec section 2): the same article page,
 * for a flyer and for a public lesson. An unknown alias is the 404 page. A lesson's calculators
 * are drawn by `renderCalculator`.
 */
function ArticlePage({
  kind,
  renderCalculator,
}: {
  kind: ArticleKind;
  renderCalculator?: RenderCalculator;
}) {
  const { t } = useTranslation('learn');
  const format = useFormatters();
  const alias = useParams().alias ?? '';
  const valid = isSlug(alias);
  const article = useArticle(kind, valid ? alias : '');
  useDocumentTitle(article.data?.title ?? t('article.loading'));
  if (!valid) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (!article.data) return <PageStatus error={article.error} />;
  const { data } = article;
  // A calendar date (YYYY-MM-DD): shown as written, in no time zone.
  const published = data.published
    ? new Intl.DateTimeFormat(format.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${data.published}T00:00:00Z`),
      )
    : null;
  return (
    <PageContainer maxWidth={860}>
      <article aria-labelledby="article-title">
        <p className={styles.category}>{t(`categories.${data.category}`)}</p>
        <h1 id="article-title" lang={CONTENT_LANGUAGE} className={styles.title}>
          {data.title}
        </h1>
        <p className={styles.meta}>
          {published && (
            <>
              <time dateTime={data.published ?? undefined}>{published}</time>
              {' · '}
            </>
          )}
          {t('article.readingTime', { count: data.minutes })}
        </p>
        <Reading
          html={data.html}
          tableLabel={t('lesson.table')}
          renderCalculator={renderCalculator}
        />
        <div className={styles.actions}>
          {data.card.secondPath && data.card.secondButtonText && (
            <CardButton to={data.card.secondPath} variant="contained">
              {translateMessage(data.card.secondButtonText, ['learn:article.cardButtons'])}
            </CardButton>
          )}
          <ActionLink to="/public/preview-courses" variant="outlined">
            {t('article.moreCourses')}
          </ActionLink>
        </div>
        <Sources sources={data.sources} headingId="article-sources" />
      </article>
    </PageContainer>
  );
}

export function BlogArticlePage() {
  return <ArticlePage kind="blog" />;
}

export function PublicLessonPage({ renderCalculator }: { renderCalculator?: RenderCalculator }) {
  return <ArticlePage kind="lesson" renderCalculator={renderCalculator} />;
}
