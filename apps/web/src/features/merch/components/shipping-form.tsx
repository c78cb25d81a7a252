import { EMAIL_MESSAGES, EMAIL_PATTERN } from '@stratos/contracts/auth/email';
import type { ShippingAddressInput as ShippingAddress } from '@stratos/contracts/merch/shipping.schema';
import { COUNTRY_CODES, SHIPPING_MESSAGES } from '@stratos/contracts/merch/shipping.schema';
import { Button, Col, Form, Input, Row, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { countryName } from '../../../lib/format-address';

export interface CheckoutDetails {
  /** Guests only: where the order and its receipt go. */
  email?: string;
  shippingAddress: ShippingAddress;
}

interface ShippingFormProps {
  guest: boolean;
  initial: CheckoutDetails | null;
  onSubmit: (details: CheckoutDetails) => void;
}

type Values = Omit<ShippingAddress, 'line2'> & { line2?: string; email?: string };

/** The visitor's own region as the default country ("en-GB" -> GB), when it is a known code. */
function defaultCountry(): string | undefined {
  const region = navigator.language.split('-')[1]?.toUpperCase();
  return region && COUNTRY_CODES.includes(region) ? region : undefined;
}

/** Where the order goes (and, for a guest, the e-mail for the receipt); checked as the server does. */
export function ShippingForm({ guest, initial, onSubmit }: ShippingFormProps) {
  const countries = useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) =>
        a.label.localeCompare(b.label),
      ),
    [],
  );
  const required = (message: string) => [{ required: true, whitespace: true, message }];
  return (
    <Form<Values>
      layout="vertical"
      requiredMark="optional"
      initialValues={{
        country: defaultCountry(),
        ...initial?.shippingAddress,
        email: initial?.email,
      }}
      onFinish={({ email, line2, ...address }) =>
        onSubmit({
          ...(guest ? { email: email?.trim() } : {}),
          shippingAddress: { ...address, ...(line2?.trim() ? { line2: line2.trim() } : {}) },
        })
      }
      aria-label="Shipping details"
      // antd checks the fields; the browser's own check of type="email" would block the submit silently.
      noValidate
    >
      {guest && (
        <>
          <Form.Item
            name="email"
            label="E-mail"
            extra="Your receipt and a link to your order are sent here. No account needed."
            rules={[
              { required: true, whitespace: true, message: EMAIL_MESSAGES.required },
              { pattern: EMAIL_PATTERN, message: EMAIL_MESSAGES.invalid },
            ]}
          >
            <Input type="email" autoComplete="email" inputMode="email" maxLength={254} />
          </Form.Item>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            Shipping address
          </Typography.Title>
        </>
      )}
      <Form.Item name="name" label="Full name" rules={required(SHIPPING_MESSAGES.name)}>
        <Input autoComplete="shipping name" maxLength={100} />
      </Form.Item>
      <Form.Item name="line1" label="Address line 1" rules={required(SHIPPING_MESSAGES.line1)}>
        <Input autoComplete="shipping address-line1" maxLength={200} />
      </Form.Item>
      <Form.Item name="line2" label="Address line 2">
        <Input autoComplete="shipping address-line2" maxLength={200} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={14}>
          <Form.Item name="city" label="City" rules={required(SHIPPING_MESSAGES.city)}>
            <Input autoComplete="shipping address-level2" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item
            name="postalCode"
            label="Postal code"
            rules={[
              ...required(SHIPPING_MESSAGES.postalCode),
              {
                pattern: /^\s*[A-Za-z0-9][A-Za-z0-9 -]{0,10}[A-Za-z0-9]\s*$/,
                message: SHIPPING_MESSAGES.postalCode,
              },
            ]}
          >
            <Input autoComplete="shipping postal-code" maxLength={12} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="country"
        label="Country"
        rules={[{ required: true, message: SHIPPING_MESSAGES.country }]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          options={countries}
          aria-label="Country"
          placeholder="Choose a country"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block>
        Continue to payment
      </Button>
    </Form>
  );
}
