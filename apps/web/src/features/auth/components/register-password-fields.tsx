import { Checkbox, Form, Input } from 'antd';
import { Link } from 'react-router';
import { PasswordChecklist } from './password-checklist';

/** Step 2 of registration: the password and the terms. */
export function RegisterPasswordFields() {
  const form = Form.useFormInstance();
  const password: string = Form.useWatch('password', form) ?? '';
  return (
    <>
      <Form.Item label="Password" name="password" required extra={<PasswordChecklist password={password} />}>
        <Input.Password autoComplete="new-password" autoFocus maxLength={256} />
      </Form.Item>
      <Form.Item label="Confirm password" name="confirmPassword" required>
        <Input.Password autoComplete="new-password" maxLength={256} />
      </Form.Item>
      <Form.Item name="agreeToTerms" valuePropName="checked">
        <Checkbox>
          I agree to the{' '}
          <Link to="/terms" target="_blank" rel="noopener">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy" target="_blank" rel="noopener">
            Privacy Policy
          </Link>
        </Checkbox>
      </Form.Item>
    </>
  );
}
