import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import type { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import InsertLink from '@mui/icons-material/InsertLink';
import { type FieldValues, type Path, type PathValue, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { domTextLength } from './rich-text-dom.ts';
import { useKitField } from './use-field-error.ts';

const LINK_PROTOCOLS = /^(https?:\/\/|mailto:)/i;

/**
 * The editor's HTML is its sanitised output: the document holds only the nodes and marks
 * configured here (paragraphs, bold, italic, lists, links), so anything else typed or pasted
 * is dropped when parsed, and a link's address must be http(s) or mailto. A server route that
 * stores rich text must still sanitise what it receives: a client can send anything.
 */
function createExtensions() {
  // In a list, Tab indents an item when it can; otherwise it leaves the editor as usual.
  return [
    StarterKit.configure({
      heading: false,
      blockquote: false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
      strike: false,
      underline: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['http', 'https', 'mailto'],
        isAllowedUri: (url) => LINK_PROTOCOLS.test(url),
        HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
      },
    }),
  ];
}

interface ToolbarAction {
  id: string;
  label: string;
  icon: ReactNode;
  active: boolean;
  run: () => void;
}

/**
 * The toolbar pattern of WAI-ARIA: one Tab stop, arrow keys (and Home/End) move between the
 * buttons, each button says whether its format is on.
 */
function Toolbar({
  label,
  controls,
  actions,
}: {
  label: string;
  controls: string;
  actions: ToolbarAction[];
}) {
  const [focused, setFocused] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent) => {
    const last = actions.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (focused + 1) % actions.length
        : event.key === 'ArrowLeft'
          ? (focused + last) % actions.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    buttons.current[next]?.focus();
  };
  return (
    <Box
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      onKeyDown={move}
      sx={{ display: 'flex', gap: 0.5, borderBottom: '1px solid', borderColor: 'divider', p: 0.5 }}
    >
      {actions.map((action, index) => (
        <IconButton
          key={action.id}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          size="small"
          aria-label={action.label}
          aria-pressed={action.active ? 'true' : 'false'}
          tabIndex={index === focused ? 0 : -1}
          onFocus={() => setFocused(index)}
          onMouseDown={(event) => event.preventDefault()}
          onClick={action.run}
          color={action.active ? 'primary' : 'default'}
          sx={action.active ? { bgcolor: 'action.selected' } : undefined}
        >
          {action.icon}
        </IconButton>
      ))}
    </Box>
  );
}

/** The link row: the address for the selected text, applied or cancelled. */
function LinkEditor({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useTranslation('validation');
  const [href, setHref] = useState(() => String(editor.getAttributes('link').href ?? ''));
  const [problem, setProblem] = useState<string | null>(null);
  const apply = () => {
    const url = href.trim();
    if (!LINK_PROTOCOLS.test(url)) {
      setProblem(t('form.richText.linkInvalid'));
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    onDone();
  };
  const cancel = () => {
    editor.commands.focus();
    onDone();
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, px: 1 }}>
      <MuiTextField
        autoFocus
        size="small"
        margin="dense"
        label={t('form.richText.linkAddress')}
        value={href}
        onChange={(event) => {
          setHref(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            cancel();
          }
        }}
        error={Boolean(problem)}
        helperText={problem ?? undefined}
        sx={{ flex: '1 1 14rem', width: 'auto' }}
        slotProps={{ htmlInput: { inputMode: 'url' } }}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5 }}>
        <Button size="small" variant="contained" onClick={apply}>
          {t('form.richText.linkApply')}
        </Button>
        <Button size="small" onClick={cancel}>
          {t('form.richText.linkCancel')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * Rich text (Tiptap) bound to the kit's form: the value is the editor's HTML ('' when
 * empty), measured with tags stripped; the schema (`richTextField` of the contract) gives
 * spec section 5's messages; a counter shows the characters used of the maximum.
 */
export function RichTextField<T extends FieldValues = FieldValues>({
  name,
  label,
  max,
  hint,
  required = true,
}: {
  name: Path<T>;
  label: string;
  /** Shown in the counter; the schema enforces it. */
  max?: number;
  hint?: ReactNode;
  required?: boolean;
}) {
  const { t } = useTranslation('validation');
  const id = useId();
  const labelId = `${id}-label`;
  const editorId = `${id}-editor`;
  const helpId = `${id}-help`;
  const counterId = `${id}-counter`;
  const { field, error } = useKitField<T>(name);
  const { setValue } = useFormContext<T>();
  const [linking, setLinking] = useState(false);
  const value = typeof field.value === 'string' ? field.value : '';

  const editor = useEditor({
    extensions: createExtensions(),
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    // Stored HTML is read through the editor's schema too: the form holds only clean HTML.
    onCreate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      if (html !== value) setValue(name, html as PathValue<T, Path<T>>, { shouldDirty: false });
    },
    onUpdate: ({ editor: current }) => field.onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => field.onBlur(),
  });

  // Keep the editor's accessible name, description and state in step with the field.
  useEffect(() => {
    editor.setOptions({
      editorProps: {
        attributes: {
          id: editorId,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          'aria-describedby': max === undefined ? helpId : `${helpId} ${counterId}`,
          'aria-invalid': error ? 'true' : 'false',
          ...(required ? { 'aria-required': 'true' } : {}),
        },
      },
    });
  }, [editor, editorId, labelId, helpId, counterId, max, error, required]);

  // A form reset empties the editor too.
  useEffect(() => {
    if (value === '' && !editor.isEmpty) editor.commands.clearContent();
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });

  const actions: ToolbarAction[] = [
    {
      id: 'bold',
      label: t('form.richText.bold'),
      icon: <FormatBold />,
      active: state.bold,
      run: () => editor.chain().focus().toggleBold().run(),
    },
    {
      id: 'italic',
      label: t('form.richText.italic'),
      icon: <FormatItalic />,
      active: state.italic,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      id: 'bulletList',
      label: t('form.richText.bulletList'),
      icon: <FormatListBulleted />,
      active: state.bulletList,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      id: 'orderedList',
      label: t('form.richText.orderedList'),
      icon: <FormatListNumbered />,
      active: state.orderedList,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
    {
      id: 'link',
      label: state.link ? t('form.richText.unlink') : t('form.richText.link'),
      icon: <InsertLink />,
      active: state.link,
      run: () => {
        if (state.link) editor.chain().focus().extendMarkRange('link').unsetLink().run();
        else setLinking(true);
      },
    },
  ];

  const length = domTextLength(value);
  return (
    <Box sx={{ my: 2 }}>
      <Typography
        id={labelId}
        component="span"
        onClick={() => editor.commands.focus()}
        sx={{ display: 'block', fontWeight: 600, mb: 0.5, color: error ? 'error.main' : undefined }}
      >
        {label}
      </Typography>
      <Box
        sx={{
          border: '1px solid',
          borderColor: error ? 'error.main' : 'rgba(0, 0, 0, 0.23)',
          borderRadius: 1,
          '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main' },
          '& .tiptap': { minHeight: 120, p: 1.5, outline: 'none' },
          '& .tiptap p': { m: 0, mb: 1 },
          '& .tiptap a': { color: 'primary.main' },
        }}
      >
        <Toolbar
          label={t('form.richText.toolbar', { label })}
          controls={editorId}
          actions={actions}
        />
        {linking && <LinkEditor editor={editor} onDone={() => setLinking(false)} />}
        <EditorContent editor={editor} />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <FormHelperText id={helpId} error={Boolean(error)}>
          {error ?? hint}
        </FormHelperText>
        {max !== undefined && (
          <FormHelperText
            id={counterId}
            error={length > max}
            sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
          >
            {t('form.richText.counter', { count: length, max })}
          </FormHelperText>
        )}
      </Box>
    </Box>
  );
}
