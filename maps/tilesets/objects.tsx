<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="objects" tilewidth="64" tileheight="64" tilecount="20" columns="4">
 <image source="objects.png" width="256" height="320"/>
 <tile id="0" type="trap">
  <properties>
   <property name="revealed" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="1" type="trap">
  <properties>
   <property name="revealed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="2" type="rune">
  <properties>
   <property name="kind" type="string" propertytype="RuneKind" value="damage"/>
  </properties>
 </tile>
 <tile id="3" type="rune">
  <properties>
   <property name="kind" type="string" propertytype="RuneKind" value="phys_defense"/>
  </properties>
 </tile>
 <tile id="4" type="rune">
  <properties>
   <property name="kind" type="string" propertytype="RuneKind" value="mag_defense"/>
  </properties>
 </tile>
 <tile id="5" type="rune">
  <properties>
   <property name="kind" type="string" propertytype="RuneKind" value="dodge"/>
  </properties>
 </tile>
 <tile id="6" type="rune">
  <properties>
   <property name="kind" type="string" propertytype="RuneKind" value="crit"/>
  </properties>
 </tile>
 <tile id="7" type="drop_zone">
  <properties>
   <property name="team" type="string" propertytype="Team" value="1"/>
   <property name="zone_type" type="string" propertytype="ZoneType" value="1"/>
  </properties>
 </tile>
 <tile id="8" type="drop_zone">
  <properties>
   <property name="team" type="string" propertytype="Team" value="1"/>
   <property name="zone_type" type="string" propertytype="ZoneType" value="2"/>
  </properties>
 </tile>
 <tile id="9" type="drop_zone">
  <properties>
   <property name="team" type="string" propertytype="Team" value="1"/>
   <property name="zone_type" type="string" propertytype="ZoneType" value="3"/>
  </properties>
 </tile>
 <tile id="10" type="drop_zone">
  <properties>
   <property name="team" type="string" propertytype="Team" value="2"/>
   <property name="zone_type" type="string" propertytype="ZoneType" value="1"/>
  </properties>
 </tile>
 <tile id="11" type="drop_zone">
  <properties>
   <property name="team" type="string" propertytype="Team" value="2"/>
   <property name="zone_type" type="string" propertytype="ZoneType" value="2"/>
  </properties>
 </tile>
 <tile id="12" type="drop_zone">
  <properties>
   <property name="team" type="string" propertytype="Team" value="2"/>
   <property name="zone_type" type="string" propertytype="ZoneType" value="3"/>
  </properties>
 </tile>
 <tile id="13" type="exit_zone">
  <properties>
   <property name="team" type="string" propertytype="Team" value="1"/>
  </properties>
 </tile>
 <tile id="14" type="exit_zone">
  <properties>
   <property name="team" type="string" propertytype="Team" value="2"/>
  </properties>
 </tile>
 <tile id="15" type="flag">
  <properties>
   <property name="team" type="string" propertytype="FlagTeam" value="1"/>
  </properties>
 </tile>
 <tile id="16" type="flag">
  <properties>
   <property name="team" type="string" propertytype="FlagTeam" value="2"/>
  </properties>
 </tile>
 <tile id="17" type="flag">
  <properties>
   <property name="team" type="string" propertytype="FlagTeam" value="shared"/>
  </properties>
 </tile>
 <tile id="18" type="chest">
  <properties>
  </properties>
 </tile>
 <tile id="19" type="barricade">
  <properties>
   <property name="hp" type="int" value="0"/>
  </properties>
 </tile>
</tileset>
