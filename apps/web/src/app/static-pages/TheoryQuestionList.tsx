import { Card, Empty } from 'antd';

/** /students/theoryQuestionList: the student area's entry; its content arrives with the student module. */
export default function TheoryQuestionList() {
  return (
    <Card title="理论题库">
      <Empty description="题库内容即将上线" />
    </Card>
  );
}
