import { fileNameSchema } from '@stratos/contracts/files/file.schema';
import { Form, Input, type InputRef, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';

interface NameDialogProps {
  open: boolean;
  title: string;
  okText: string;
  label: string;
  initialName?: string;
  onSubmit(name: string): Promise<unknown>;
  onClose(): void;
}

/** A one-field dialog for naming: new folder, rename. Checks the name with the contract's rules. */
export function NameDialog({
  open,
  title,
  okText,
  label,
  initialName = '',
  onSubmit,
  onClose,
}: NameDialogProps) {
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<InputRef>(null);

  useEffect(() => {
    if (!open) return;
    setName(initialName);
    setProblem(null);
    // Select the name without its extension, as file managers do.
    const t = setTimeout(() => {
      const el = input.current?.input;
      if (!el) return;
      el.focus();
      const dot = initialName.lastIndexOf('.');
      el.setSelectionRange(0, dot > 0 ? dot : initialName.length);
    }, 50);
    return () => clearTimeout(t);
  }, [open, initialName]);

  const submit = async () => {
    const parsed = fileNameSchema.safeParse(name);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Enter a valid name');
      return;
    }
    setBusy(true);
    try {
      await onSubmit(parsed.data);
      onClose();
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      width={420}
    >
      <Form layout="vertical" onFinish={() => void submit()} style={{ marginTop: 16 }}>
        <Form.Item
          label={label}
          htmlFor="name-dialog-input"
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
          style={{ marginBottom: 8 }}
        >
          <Input
            id="name-dialog-input"
            ref={input}
            value={name}
            maxLength={255}
            onChange={(e) => {
              setName(e.target.value);
              setProblem(null);
            }}
            onPressEnter={() => void submit()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
