import type { MerchProduct } from '@stratos/contracts/merch/products.schema';
import { App, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { errorMessage } from '../../../lib/api-error';
import { useUpdateMerchProduct } from '../api/update-merch-product';

interface Values {
  name: string;
  description: string;
  price: number;
  stock: number;
  sku: string;
  category: MerchProduct['category'];
  featured: boolean;
}

/** The superadmin's product editor: name, text, price (dollars), stock, sku, category, featured. */
export function MerchProductForm({ product, onClose }: { product: MerchProduct; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const update = useUpdateMerchProduct();
  const { message } = App.useApp();
  const save = async () => {
    const v = await form.validateFields();
    try {
      await update.mutateAsync({
        id: product.id,
        patch: {
          name: v.name,
          description: v.description,
          priceCents: Math.round(v.price * 100),
          stock: v.stock,
          sku: v.sku,
          category: v.category,
          featured: v.featured,
        },
      });
      void message.success(`${v.name} saved`);
      onClose();
    } catch (err) {
      void message.error(errorMessage(err, 'Failed to save the product'));
    }
  };
  return (
    <Modal
      open
      title={`Edit ${product.name}`}
      okText="Save"
      onOk={() => void save()}
      confirmLoading={update.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          name: product.name,
          description: product.description,
          price: product.price,
          stock: product.stock,
          sku: product.sku,
          category: product.category,
          featured: product.featured,
        }}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="description" label="Description" rules={[{ max: 1000 }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="price" label="Price (USD)" rules={[{ required: true, type: 'number', min: 0.01 }]}>
          <InputNumber min={0.01} step={0.5} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="stock" label="Units in stock" rules={[{ required: true, type: 'number', min: 0 }]}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="sku" label="SKU" rules={[{ required: true, whitespace: true, max: 40 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="category" label="Category">
          <Select
            options={[
              { value: 'apparel', label: 'Apparel' },
              { value: 'accessories', label: 'Accessories' },
              { value: 'tech', label: 'Tech' },
            ]}
          />
        </Form.Item>
        <Form.Item name="featured" label="Featured" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
