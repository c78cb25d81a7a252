import { Col, Form, Input, Row } from 'antd';

/** Step 1 of registration: who you are. */
export function RegisterDetailsFields() {
  return (
    <>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item label="First name" name="firstName" required>
            <Input autoComplete="given-name" autoFocus maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Last name" name="lastName" required>
            <Input autoComplete="family-name" maxLength={100} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Email" name="email" required>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          maxLength={254}
        />
      </Form.Item>
      <Form.Item label="Company" name="company">
        <Input autoComplete="organization" placeholder="Optional" maxLength={200} />
      </Form.Item>
    </>
  );
}
