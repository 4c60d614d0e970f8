import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import StarsIcon from '@mui/icons-material/Stars';
import { earnPaths } from '@bullpen/contract/routes';
import {
  zogoMessages,
  type CompleteModule,
  type PlayerCard,
  type ZogoModuleDetail,
} from '@bullpen/contract/zogo';
import { ApiError } from '@/lib/api-client.ts';
import { PageContainer } from '@/components/PageContainer.tsx';
import { earnErrorText } from '../earn-error.ts';
import { useIntlLocale } from '@/lib/intl-locale.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useCheckAnswer, useCompleteModule, useStartCard, readZogoToken } from '../api/zogo-api.ts';
import { CardText } from './CardText.tsx';
import { EarnBanner } from './EarnBanner.tsx';

type QuestionCard = Extract<PlayerCard, { type: 'question' }>;

/** What the student learned of one question: right (with why) or a wrong try. */
type Feedback = { correct: true; explanation: string | null } | { correct: false };

export interface ModulePlayerProps {
  module: ZogoModuleDetail;
  /** Where Back goes: the page that opened the module. */
  backTo: string;
  /** Told when the module paid points, so the header badge can show the new balance. */
  onPointsChanged?: (result: CompleteModule) => void;
}

/**
 * One card at a time: reading cards, and questions checked one by one (a wrong answer is only
 * called wrong, never revealed). The last card's Finish sends every answer with the token.
 */
export function ModulePlayer({ module, backTo, onPointsChanged }: ModulePlayerProps) {
  const { t } = useTranslation('earn');
  useDocumentTitle(module.name);
  const [index, setIndex] = useState(0);
  /** The right choice of each question answered so far. */
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [result, setResult] = useState<CompleteModule | null>(null);
  /** The shown question's checks are used up: it can never be answered, so no Next either. */
  const [stuck, setStuck] = useState(false);
  const complete = useCompleteModule();
  const { mutate: startCard } = useStartCard();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const total = module.cards.length;
  const card = module.cards[index]!;
  const last = index === total - 1;
  const answered = card.type === 'read' || answers[card.id] !== undefined;

  // The server times each card from when it is first shown: a module pays only when played.
  useEffect(() => {
    startCard({ moduleId: module.id, card: index });
  }, [startCard, module.id, index]);

  // Moving on puts focus on the new card's (or the finish screen's) heading, not on page load.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [index, result]);

  const next = () => {
    moved.current = true;
    setIndex((current) => Math.min(current + 1, total - 1));
  };

  const finish = () => {
    moved.current = true;
    complete.mutate(
      {
        module: module.id,
        answers: Object.entries(answers).map(([question, choice]) => ({ question, choice })),
        zogo_token: readZogoToken() ?? '',
      },
      {
        onSuccess: (completed) => {
          setResult(completed);
          onPointsChanged?.(completed);
        },
      },
    );
  };

  return (
    <>
      <EarnBanner>
        {/* The finish screen has its own Back, where the eye is. */}
        {!result && (
          <Button
            component={RouterLink}
            to={backTo}
            color="inherit"
            startIcon={<ArrowBackIcon aria-hidden="true" />}
            sx={{ ml: -1, mb: 1 }}
          >
            {t('player.back')}
          </Button>
        )}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Box
            component="img"
            src={module.imgSrc}
            alt=""
            width={56}
            height={56}
            sx={{ width: 56, height: 56, flexShrink: 0, borderRadius: 1.5, bgcolor: '#ffffff' }}
          />
          <Typography
            variant="h1"
            sx={{
              color: 'inherit',
              fontSize: { xs: '1.75rem', md: '2.25rem' },
              overflowWrap: 'anywhere',
            }}
          >
            {module.name}
          </Typography>
        </Box>
        {!result && module.completed && (
          <Typography
            variant="body2"
            sx={{ mt: 1.5, display: 'flex', alignItems: 'center', gap: 0.75 }}
          >
            <CheckCircleIcon fontSize="small" aria-hidden="true" sx={{ color: '#ffd166' }} />
            {t('player.doneBefore')}
          </Typography>
        )}
        {!result && (
          <Box sx={{ mt: 2, maxWidth: 560 }}>
            <Typography variant="body2" sx={{ mb: 0.5, fontWeight: 600 }}>
              {t('player.progress', { current: index + 1, total })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={((index + (answered ? 1 : 0)) / total) * 100}
              aria-hidden="true"
              color="inherit"
              sx={{
                height: 8,
                borderRadius: 999,
                bgcolor: 'rgba(255,255,255,0.3)',
                color: '#ffd166',
              }}
            />
          </Box>
        )}
      </EarnBanner>
      <PageContainer maxWidth={760}>
        {result ? (
          <FinishScreen result={result} backTo={backTo} headingRef={headingRef} />
        ) : (
          <Box
            sx={{
              border: '1px solid',
              borderColor: 'divider',
              borderRadius: 3,
              p: { xs: 2, sm: 4 },
              boxShadow: 1,
            }}
          >
            {card.type === 'read' ? (
              <>
                <Typography
                  key={index}
                  ref={headingRef}
                  tabIndex={-1}
                  variant="h2"
                  sx={{ fontSize: '1.5rem', mb: 2, '&:focus': { outline: 'none' } }}
                >
                  {card.title}
                </Typography>
                <Typography sx={{ fontSize: '1.125rem', lineHeight: 1.6 }}>
                  <CardText text={card.text} />
                </Typography>
              </>
            ) : (
              <Question
                key={index}
                moduleId={module.id}
                card={card}
                headingRef={headingRef}
                solved={answers[card.id] !== undefined}
                onSolved={(choice) => setAnswers((current) => ({ ...current, [card.id]: choice }))}
                onStuck={() => setStuck(true)}
              />
            )}
            <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
              {stuck ? (
                <Button
                  component={RouterLink}
                  to={earnPaths.catalogue}
                  variant="contained"
                  size="large"
                  startIcon={<ArrowBackIcon aria-hidden="true" />}
                >
                  {t('player.toCatalogue')}
                </Button>
              ) : last ? (
                <Button
                  variant="contained"
                  size="large"
                  disabled={!answered || complete.isPending}
                  onClick={finish}
                >
                  {complete.isPending ? t('player.finishing') : t('player.finish')}
                </Button>
              ) : (
                <Button variant="contained" size="large" disabled={!answered} onClick={next}>
                  {t('player.next')}
                </Button>
              )}
            </Box>
            {complete.error && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {t('player.finishError', { error: earnErrorText(complete.error) })}
              </Alert>
            )}
          </Box>
        )}
      </PageContainer>
    </>
  );
}

function Question({
  moduleId,
  card,
  headingRef,
  solved,
  onSolved,
  onStuck,
}: {
  moduleId: number;
  card: QuestionCard;
  headingRef: RefObject<HTMLHeadingElement | null>;
  solved: boolean;
  onSolved: (choice: number) => void;
  /** Told when the server has no check left for this question. */
  onStuck: () => void;
}) {
  const { t } = useTranslation('earn');
  const [choice, setChoice] = useState<number | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  /**
   * Choices already checked wrong: disabled, so every check tries a new one and the right one
   * is found within the server's ZOGO_CHECKS_PER_QUESTION (packages/contract/src/zogo.ts).
   */
  const [wrong, setWrong] = useState<ReadonlySet<number>>(new Set());
  const [checksUsed, setChecksUsed] = useState(false);
  const [chooseFirst, setChooseFirst] = useState(false);
  const check = useCheckAnswer();
  const headingId = `question-${card.id}`;

  const submit = () => {
    if (choice === null || wrong.has(choice)) {
      setChooseFirst(true);
      return;
    }
    check.mutate(
      { moduleId, body: { question: card.id, choice } },
      {
        onSuccess: (answer) => {
          if (answer.correct) {
            setFeedback({ correct: true, explanation: answer.explanation });
            onSolved(choice);
          } else {
            setFeedback({ correct: false });
            setWrong((current) => new Set(current).add(choice));
            setChoice(null);
          }
        },
        onError: (error) => {
          if (error instanceof ApiError && error.message === zogoMessages.checksUsed) {
            setChecksUsed(true);
            onStuck();
          }
        },
      },
    );
  };

  return (
    <>
      <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
        {t('player.question')}
      </Typography>
      <Typography
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        variant="h2"
        sx={{ fontSize: '1.375rem', mb: 2, '&:focus': { outline: 'none' } }}
      >
        {card.question}
      </Typography>
      <RadioGroup
        aria-labelledby={headingId}
        name={headingId}
        value={choice === null ? '' : String(choice)}
        onChange={(event) => {
          setChoice(Number(event.target.value));
          setChooseFirst(false);
          // A new choice after a wrong try clears "not quite" so the next check reads fresh.
          if (feedback && !feedback.correct) setFeedback(null);
        }}
      >
        {card.choices.map((label, choiceIndex) => (
          <FormControlLabel
            key={label}
            value={String(choiceIndex)}
            control={<Radio />}
            label={
              wrong.has(choiceIndex) ? (
                <>
                  {label}
                  <Box
                    component="span"
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 0.5,
                      mt: 0.25,
                      fontSize: '0.875rem',
                      color: 'error.main',
                    }}
                  >
                    <CancelIcon fontSize="inherit" aria-hidden="true" />
                    {t('player.notThis')}
                  </Box>
                </>
              ) : (
                label
              )
            }
            disabled={solved || checksUsed || wrong.has(choiceIndex)}
            sx={{
              mx: 0,
              my: 0.5,
              px: 1,
              py: 0.5,
              border: '1px solid',
              borderColor:
                choice === choiceIndex ? (solved ? 'success.main' : 'primary.main') : 'divider',
              borderRadius: 2,
              alignItems: 'flex-start',
              '& .MuiFormControlLabel-label': { pt: 1, overflowWrap: 'anywhere' },
              // The right answer, once found, stays readable; the others fade.
              ...(solved && choice === choiceIndex
                ? {
                    bgcolor: '#eef7f1',
                    '& .MuiFormControlLabel-label.Mui-disabled': {
                      color: 'text.primary',
                      fontWeight: 600,
                    },
                    '& .MuiRadio-root.Mui-disabled': { color: 'success.main' },
                  }
                : {}),
            }}
          />
        ))}
      </RadioGroup>
      {!solved && !checksUsed && (
        <Button variant="outlined" sx={{ mt: 2 }} onClick={submit} disabled={check.isPending}>
          {check.isPending ? t('player.checking') : t('player.check')}
        </Button>
      )}
      <Box role="status" aria-live="polite" aria-atomic="true" sx={{ mt: 2 }}>
        {chooseFirst && <Alert severity="info">{t('player.chooseFirst')}</Alert>}
        {feedback?.correct && (
          <Alert severity="success" icon={<CheckCircleIcon aria-hidden="true" />}>
            <strong>{t('player.correct')}</strong>
            {feedback.explanation && (
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                {feedback.explanation}
              </Box>
            )}
          </Alert>
        )}
        {feedback && !feedback.correct && <Alert severity="warning">{t('player.wrong')}</Alert>}
        {checksUsed ? (
          <Alert severity="info">{t('player.checksUsed')}</Alert>
        ) : (
          check.error && <Alert severity="error">{earnErrorText(check.error)}</Alert>
        )}
      </Box>
    </>
  );
}

function FinishScreen({
  result,
  backTo,
  headingRef,
}: {
  result: CompleteModule;
  backTo: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation('earn');
  const locale = useIntlLocale();
  const balance = new Intl.NumberFormat(locale).format(result.available_points);
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 2, md: 4 } }}>
      <Typography
        ref={headingRef}
        tabIndex={-1}
        variant="h2"
        sx={{ mb: 2, '&:focus': { outline: 'none' } }}
      >
        {t('player.completeTitle')}
      </Typography>
      <Box role="status">
        {result.points_awarded > 0 ? (
          <Typography
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1,
              fontSize: '2rem',
              fontWeight: 800,
              px: 3,
              py: 1,
              borderRadius: 999,
              bgcolor: '#ffd166',
              color: '#0b2545',
            }}
          >
            <StarsIcon aria-hidden="true" fontSize="inherit" />
            {t('player.pointsAwarded', { count: result.points_awarded })}
          </Typography>
        ) : (
          <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
            {t('player.alreadyEarned')}
          </Typography>
        )}
        <Typography sx={{ mt: 2, color: 'text.secondary' }}>
          {t('player.balance', { points: balance })}
        </Typography>
      </Box>
      <Box sx={{ mt: 4, display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'center' }}>
        <Button
          component={RouterLink}
          to={backTo}
          variant="contained"
          startIcon={<ArrowBackIcon aria-hidden="true" />}
        >
          {t('player.back')}
        </Button>
        {backTo !== earnPaths.catalogue && (
          <Button component={RouterLink} to={earnPaths.catalogue} variant="outlined">
            {t('player.moreModules')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
