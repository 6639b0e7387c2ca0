import { ArrowLeftOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Button, Card, Descriptions, Result, Space, Spin, Statistic, Tag } from "antd";
import { useNavigate, useParams } from "react-router";

import type { PageProps } from "../../../kit/page";
import { errorNotification } from "../../../providers/data-provider";
import type { SchoolRow } from "./list";
import { SCHOOL_API } from "./resource";
import { StudentTable } from "./student-list";

interface SchoolDetail extends SchoolRow {
  stats: { studentCount: number; boundCount: number; enrolledCount: number };
}

/** 学校详情 (`/bbh/school/detail/:id`, hidden route): the school and its students. */
export default function SchoolDetailPage({ id: openedWith }: PageProps) {
  const params = useParams();
  const id = openedWith ?? params.id ?? "";
  const navigate = useNavigate();
  const { result, query } = useCustom<SchoolDetail>({ url: `${SCHOOL_API}/getById`, method: "get", config: { query: { id } }, queryOptions: { enabled: Boolean(id) }, errorNotification });
  const school = result?.data as SchoolDetail | undefined;
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate("/bbh/school")}>
      返回列表
    </Button>
  );
  if (query.isLoading) return <Spin style={{ display: "block", margin: 48 }} />;
  if (!school?.id) return <Result status="404" title="学校不存在或已删除" extra={back} />;
  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Card title={school.schoolName} extra={back}>
        <Space size={48} style={{ marginBottom: 16 }}>
          <Statistic title="学生数" value={school.stats.studentCount} />
          <Statistic title="在读" value={school.stats.enrolledCount} />
          <Statistic title="已绑定微信" value={school.stats.boundCount} />
        </Space>
        <Descriptions bordered size="small" column={2}>
          <Descriptions.Item label="学校标识码">{school.schoolCode ?? "—"}</Descriptions.Item>
          <Descriptions.Item label="学校类型">{school.schoolType_dictText}</Descriptions.Item>
          <Descriptions.Item label="所在地区">{school.regionName ?? "—"}</Descriptions.Item>
          <Descriptions.Item label="区县代码">{school.districtCode ?? "—"}</Descriptions.Item>
          <Descriptions.Item label="详细地址">{school.address ?? "—"}</Descriptions.Item>
          <Descriptions.Item label="经纬度">{school.longitude != null ? `${school.longitude}, ${school.latitude}` : "—"}</Descriptions.Item>
          <Descriptions.Item label="联系人">{school.contactName ?? "—"}</Descriptions.Item>
          <Descriptions.Item label="联系电话">{school.contactPhone ?? "—"}</Descriptions.Item>
          <Descriptions.Item label="所属组织">{school.sysDepartId_dictText ?? "—"}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={school.schoolStatus === 1 ? "green" : "default"}>{school.schoolStatus_dictText}</Tag>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <StudentTable title="学生" schoolId={school.id} />
    </Space>
  );
}
