import { Input } from '@mantine/core';
import { Link, RichTextEditor, getUploadImageExtension } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { uploadEditorImage } from '../api/upload-editor-image';

/** Rich text (HTML) with image upload; the server sanitises what it stores. Height per spec section 9: 350. */
export function RichTextField({
  label,
  description,
  name,
  value,
  onChange,
  height = 350,
}: {
  label: string;
  description?: string;
  name: string;
  value: string;
  onChange: (html: string) => void;
  height?: number;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link,
      getUploadImageExtension(Image, { onImageUpload: uploadEditorImage }),
    ],
    content: value,
    // The editable area is the control: it needs the field's name (axe aria-input-field-name).
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // A value loaded after the editor was created (the settings arrive later) replaces its content.
  useEffect(() => {
    if (editor && !editor.isFocused && value !== editor.getHTML()) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <Input.Wrapper label={label} description={description} id={`${name}-label`}>
      <RichTextEditor editor={editor} data-testid={`rte-${name}`} onImageUpload={uploadEditorImage}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <RichTextEditor.ImageUpload />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content style={{ height, overflowY: 'auto' }} aria-labelledby={`${name}-label`} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
