import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/PageContainer.tsx';
import { PathIcon } from '@/components/PathIcon.tsx';
import styles from './RouteError.module.css';

/** MUI's ErrorOutline (Apache License 2.0), the error Alert's icon. */
const ERROR_OUTLINE = [
  'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
];

/** Shown when a route fails to load or render (for example a chunk missing after a deploy). */
export function RouteError() {
  const { t } = useTranslation(['common', 'validation']);
  return (
    <main>
      <PageContainer maxWidth={720}>
        <h1 className={styles.title}>{t('errors.routeTitle')}</h1>
        <div role="alert" className={styles.alert}>
          <span className={styles.alertIcon}>
            <PathIcon paths={ERROR_OUTLINE} />
          </span>
          <div className={styles.alertMessage}>{t('unknownError', { ns: 'validation' })}</div>
        </div>
        <a href="/public/home" className={styles.button}>
          {t('errors.goHome')}
        </a>
      </PageContainer>
    </main>
  );
}

type BoundaryProps = {
  children: ReactNode;
  /** The page the user is on: going to another one clears the error. */
  pathname: string;
};
type BoundaryState = { failed: boolean; pathname: string };

/**
 * Catches what a route throws while it loads or renders and shows `RouteError` in its place,
 * until the user goes to another page.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
