import { fireEvent, render, screen } from '@testing-library/react';
import { Button, Checkbox, Form, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { formRules } from './formRules';

function Harness() {
  return (
    <Form onFinish={() => {}}>
      <Form.Item label="名称" name="name" rules={formRules.required('名称', { min: 2, max: 4 })}>
        <Input placeholder="名称" />
      </Form.Item>
      <Form.Item label="手机" name="phone" rules={formRules.pattern('mobile')}>
        <Input placeholder="手机" />
      </Form.Item>
      <Form.Item label="爱好" name="hobby" rules={formRules.checkboxGroup('爱好', { min: 2 })}>
        <Checkbox.Group options={['读书', '跑步', '游泳']} />
      </Form.Item>
      <Button htmlType="submit">提交</Button>
    </Form>
  );
}

const submit = () => fireEvent.click(screen.getByRole('button'));

describe('formRules', () => {
  it('says 请输入<label>! for an empty required field, and 请选择<label>! for an empty group', async () => {
    render(<Harness />);
    submit();
    expect(await screen.findByText('请输入名称!')).toBeInTheDocument();
    expect(await screen.findByText('请选择爱好!')).toBeInTheDocument();
  });

  it('gives the length, pattern and pick-count messages of the spec', async () => {
    render(<Harness />);
    fireEvent.change(screen.getByPlaceholderText('名称'), { target: { value: '安' } });
    fireEvent.change(screen.getByPlaceholderText('手机'), { target: { value: '12345' } });
    fireEvent.click(screen.getByLabelText('读书'));
    submit();
    expect(await screen.findByText('最小长度2位字符')).toBeInTheDocument();
    expect(await screen.findByText('请输入正确手机号')).toBeInTheDocument();
    expect(await screen.findByText('最少选择2项')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('名称'), { target: { value: '安全教育平台' } });
    expect(await screen.findByText('最大长度4位字符')).toBeInTheDocument();
  });
});
