import { UndoOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { errorMessage } from '../../../../lib/api-error';
import { useResetPreferences } from '../../../../lib/preferences/api/reset-preferences';
import { useThemeMode } from '../../../../lib/theme-mode';

/** 'Reset to defaults' with a confirmation (POST /api/user-preferences/reset). */
export function ResetPreferencesButton() {
  const reset = useResetPreferences();
  const { modal, message } = App.useApp();
  const { setMode } = useThemeMode();
  const confirm = () =>
    modal.confirm({
      title: 'Reset all settings to their defaults?',
      content: 'Appearance, file view, notifications, privacy and AI settings go back to the defaults.',
      okText: 'Reset to defaults',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await reset.mutateAsync();
          setMode('system');
          message.success('Settings reset to defaults');
        } catch (err) {
          message.error(`Couldn't reset your settings: ${errorMessage(err, 'please try again.')}`);
        }
      },
    });
  return (
    <Button icon={<UndoOutlined aria-hidden />} onClick={confirm} loading={reset.isPending}>
      Reset to defaults
    </Button>
  );
}
