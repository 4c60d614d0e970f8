import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import { useTranslation } from 'react-i18next';
import type { Attempt, NumberUnit, QuestionResult, QuizQuestion } from '@bullpen/contract/learn';
import { Form, FormAlert } from '@/components/form/Form.tsx';
import { RadioGroupField } from '@/components/form/RadioGroupField.tsx';
import { SubmitButton } from '@/components/form/SubmitButton.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { errorText } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { CONTENT_LANGUAGE } from '../components/Reading.tsx';
import {
  emptyAnswers,
  fieldName,
  newIdempotencyKey,
  quizSchema,
  toAttemptBody,
  type QuizValues,
} from './quiz-form.ts';

export interface QuizSubmission {
  body: ReturnType<typeof toAttemptBody>;
  idempotencyKey: string;
}

/**
 * The lesson's quiz: the questions the server drew for this attempt. Every question must be
 * answered; the server grades and sends back the score and, per question, the right answer
 * and its explanation, shown under each question. The graded questions stay on screen, even
 * when the lesson is fetched again meanwhile; "Try again" asks for a new draw (`onNewDraw`)
 * and starts a new round on its questions. One `Idempotency-Key` per submission: a resend of
 * the same answers reuses it, an edit or "Try again" makes a new one.
 */
export function QuizForm({
  questions,
  passPercent,
  onSubmit,
  onNewDraw,
}: {
  questions: QuizQuestion[];
  passPercent: number;
  onSubmit: (submission: QuizSubmission) => Promise<Attempt>;
  /** The questions of the next attempt, fetched anew from the server. */
  onNewDraw: () => Promise<QuizQuestion[]>;
}) {
  const [round, setRound] = useState({ questions, number: 0 });
  return (
    <QuizRound
      key={round.number}
      questions={round.questions}
      passPercent={passPercent}
      onSubmit={onSubmit}
      focusFirst={round.number > 0}
      onTryAgain={async () => {
        const next = await onNewDraw();
        setRound((current) => ({ questions: next, number: current.number + 1 }));
      }}
    />
  );
}

function QuizRound({
  questions,
  passPercent,
  onSubmit,
  focusFirst,
  onTryAgain,
}: {
  questions: QuizQuestion[];
  passPercent: number;
  onSubmit: (submission: QuizSubmission) => Promise<Attempt>;
  /** A round after "Try again": the first question gets the focus. */
  focusFirst: boolean;
  onTryAgain: () => Promise<void>;
}) {
  const { t } = useTranslation('learn');
  const schema = useMemo(() => quizSchema(questions), [questions]);
  const form = useZodForm(schema, {
    defaultValues: emptyAnswers(questions),
    messages: ['learn:serverMessages'],
  });
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const keyRef = useRef<string | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const firstQuestionRef = useRef<HTMLDivElement>(null);

  // Other answers are another submission: they get a key of their own.
  const { watch } = form;
  useEffect(() => {
    const subscription = watch(() => {
      keyRef.current = null;
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  useEffect(() => {
    if (attempt) resultRef.current?.focus();
  }, [attempt]);

  useEffect(() => {
    if (focusFirst) firstQuestionRef.current?.querySelector('input')?.focus();
  }, [focusFirst]);

  const handleSubmit = form.submit(async (values) => {
    keyRef.current ??= newIdempotencyKey();
    const graded = await onSubmit({
      body: toAttemptBody(questions, values as QuizValues),
      idempotencyKey: keyRef.current,
    });
    setAttempt(graded);
  });

  const [drawing, setDrawing] = useState(false);
  const [drawError, setDrawError] = useState<string | null>(null);
  const tryAgain = async () => {
    setDrawing(true);
    setDrawError(null);
    try {
      await onTryAgain();
    } catch (error) {
      setDrawError(errorText(error));
      setDrawing(false);
    }
  };

  const results = new Map(attempt?.results.map((result) => [result.item, result]));
  const { isSubmitted, errors } = form.formState;
  const incomplete = isSubmitted && !attempt && Object.keys(errors).length > 0;

  return (
    <Form form={form} onSubmit={handleSubmit} aria-label={t('quiz.title')}>
      <Box role="status" aria-live="polite" aria-atomic="true">
        {attempt && (
          <Alert severity={attempt.passed ? 'success' : 'warning'} sx={{ mb: 3 }}>
            <Typography
              component="h3"
              variant="h3"
              ref={resultRef}
              tabIndex={-1}
              sx={{ fontSize: '1.125rem', mb: 0.5, outline: 'none' }}
            >
              {attempt.passed ? t('quiz.passed') : t('quiz.notPassed')}
            </Typography>
            <Typography>
              {t('quiz.score', {
                score: attempt.score,
                total: attempt.total,
                percent: attempt.percent,
              })}{' '}
              {attempt.passed
                ? t('quiz.passedText', { pass: passPercent })
                : t('quiz.notPassedText', { pass: passPercent })}
            </Typography>
            {attempt.lesson_completed && (
              <Typography sx={{ mt: 0.5 }}>{t('quiz.lessonDone')}</Typography>
            )}
          </Alert>
        )}
      </Box>
      {incomplete && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('serverMessages.answerEveryQuestion')}
        </Alert>
      )}
      <FormAlert />
      <Box
        component="fieldset"
        disabled={attempt !== null}
        sx={{
          border: 0,
          p: 0,
          m: 0,
          minWidth: 0,
          display: 'grid',
          gap: 2,
          // Graded answers stay readable: held, not greyed out.
          '& .MuiFormControlLabel-label.Mui-disabled, & .MuiFormLabel-root.Mui-disabled, & .MuiInputBase-input.Mui-disabled':
            { color: 'text.primary', WebkitTextFillColor: 'currentColor' },
          '& .MuiRadio-root.Mui-disabled.Mui-checked': { color: 'primary.main' },
        }}
      >
        <Box component="legend" sx={{ p: 0, mb: 1, color: 'text.secondary' }}>
          {t('quiz.instructions', { count: questions.length })}
        </Box>
        {questions.map((question, index) => (
          <Paper
            key={question.id}
            variant="outlined"
            ref={index === 0 ? firstQuestionRef : undefined}
            sx={{
              p: { xs: 2, sm: 2.5 },
              borderRadius: 2,
              minWidth: 0,
              '& .MuiFormControl-root': { mt: 0 },
              // The question reads as the question, not as a faint label.
              '& legend.MuiFormLabel-root:not(.Mui-error)': { color: 'text.primary' },
              '& legend.MuiFormLabel-root': { fontWeight: 500, mb: 0.5 },
            }}
          >
            <QuestionField question={question} index={index} />
            {results.get(question.id) && (
              <Feedback question={question} result={results.get(question.id)!} />
            )}
          </Paper>
        ))}
      </Box>
      {!attempt && (
        <Box sx={{ maxWidth: 360 }}>
          <SubmitButton label={t('quiz.submit')} busyLabel={t('quiz.submitting')} />
        </Box>
      )}
      {drawError && (
        <Alert severity="error" sx={{ mt: 3 }}>
          {drawError}
        </Alert>
      )}
      {attempt && (
        <Button
          variant="contained"
          size="large"
          onClick={() => void tryAgain()}
          disabled={drawing}
          sx={{ mt: 3 }}
        >
          {drawing ? t('quiz.drawing') : t('quiz.tryAgain')}
        </Button>
      )}
    </Form>
  );
}

function QuestionField({ question, index }: { question: QuizQuestion; index: number }) {
  const { t } = useTranslation('learn');
  const name = fieldName(index);
  const label = t('quiz.question', { number: index + 1, question: question.question });
  if (question.type === 'choice') {
    return (
      <RadioGroupField
        name={name}
        legend={label}
        row={false}
        options={question.choices.map((choice, value) => ({ value: String(value), label: choice }))}
      />
    );
  }
  return (
    <>
      <Typography
        component="label"
        htmlFor={`field-${name}`}
        sx={{ display: 'block', color: 'text.primary', fontWeight: 500 }}
      >
        {label}
      </Typography>
      <TextField
        name={name}
        autoComplete="off"
        hint={t(`quiz.numberHint.${question.unit}`)}
        sx={{ maxWidth: 320 }}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: adornment(question.unit, (unit) => t(`quiz.units.${unit}`)),
        }}
      />
    </>
  );
}

function adornment(
  unit: NumberUnit,
  text: (unit: Exclude<NumberUnit, 'none' | 'dollars'>) => string,
) {
  if (unit === 'none') return undefined;
  if (unit === 'dollars') {
    return { startAdornment: <InputAdornment position="start">$</InputAdornment> };
  }
  return { endAdornment: <InputAdornment position="end">{text(unit)}</InputAdornment> };
}

/** Right or wrong said in words and with an icon, not by colour alone. */
function Feedback({ question, result }: { question: QuizQuestion; result: QuestionResult }) {
  const { t } = useTranslation('learn');
  const format = useFormatters();
  const show = (value: number) =>
    question.type === 'choice'
      ? (question.choices[value] ?? String(value))
      : t(`quiz.valueIn.${question.unit}`, {
          value: new Intl.NumberFormat(format.locale, {
            // Dollars and cents: "1,250.50", not "1,250.5".
            minimumFractionDigits: question.unit === 'dollars' && !Number.isInteger(value) ? 2 : 0,
            maximumFractionDigits: 4,
          }).format(value),
        });
  const Icon = result.correct ? CheckCircleIcon : CancelIcon;
  return (
    <Box
      sx={{
        mt: 1,
        p: 1.5,
        borderRadius: 1,
        borderLeft: '4px solid',
        borderColor: result.correct ? 'success.main' : 'error.main',
        bgcolor: result.correct ? '#eef7f1' : '#fbeeed',
      }}
    >
      <Typography
        sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 700 }}
        color={result.correct ? 'success.main' : 'error.main'}
      >
        <Icon fontSize="small" aria-hidden="true" />
        {result.correct ? t('quiz.correct') : t('quiz.incorrect')}
      </Typography>
      {!result.correct && (
        <Typography sx={{ mt: 0.5 }}>
          {t('quiz.yourAnswer', { answer: show(result.given) })}
          {/* Named only once the lesson is passed or no unseen question is left to ask. */}
          {result.answer !== null && (
            <>
              {' '}
              <strong>{t('quiz.rightAnswer', { answer: show(result.answer) })}</strong>
            </>
          )}
        </Typography>
      )}
      {result.why && (
        <Typography sx={{ mt: 0.5 }}>
          <strong>{t('quiz.whyNot')}</strong> <span lang={CONTENT_LANGUAGE}>{result.why}</span>
        </Typography>
      )}
      <Typography sx={{ mt: 0.5 }}>{result.explanation}</Typography>
    </Box>
  );
}
